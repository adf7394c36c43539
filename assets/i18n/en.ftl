# ARKES — English
language-name = English

## Seats and terms
seat-name = { $seat ->
    [south] South
    [west] West
    [north] North
   *[east] East
}
seat-with-mark = { $mark } { $seat ->
    [south] South
    [west] West
    [north] North
   *[east] East
}
term-unit = unit
term-general = general
term-tower = tower
term-siege = siege
player-human = Human
player-easy = Easy
player-medium = Medium
player-hard = Hard
thinking = thinking…

## Common words
count = { $n }
verbatim = { $text }
percent = { $n } %
minus = −
plus = +
on = On
off = Off
back = Back
cancel = Cancel
save = Save
load = Load
delete = Delete
previous = ◀ Previous
next = Next ▶

## Title
title-name = ARKES 3D
title-subtitle = ARKES and Arcanor — two board games for one table
loading = Loading…
menu-continue = Continue
menu-new-game = New game
menu-load = Load
menu-rules = Rules
menu-settings = Settings
menu-quit = Quit

## New game
new-game-players = Players
new-game-board = Board
board-size = { $n } × { $n }
new-game-rounds = Round limit
new-game-capture-limit = Rounds without capture
new-game-clock = Clock (minutes + seconds)
clock-choice = { $minutes } + { $increment }
new-game-start = Start

## Playing
turn = { $mark } { $name } to move
game-over = Game over
round = Round { $round }
round-of = Round { $round } of { $limit }
without-capture = { $n } of { $limit } without capture
seat-chip = { $mark } { $name }   captures { $captures }
seat-out = out
hint-play = Click a piece, then where it goes  ·  drag to turn the board, wheel or pinch to zoom  ·  Esc: menu
undo = ↶ Undo
redo = ↷ Redo
menu = Menu
moves-title = Moves
timeout-short = time
resign-short = resigns
reviewing = Position after move { $n } of { $total }
step-back = ◀
step-forward = ▶
back-to-game = Back to game

top-view = Top view
pad-joined = This gamepad now plays { $name }.
pad-unassigned = This gamepad plays no seat: press Ⓐ on a person's turn to take it.
pad-not-your-turn = It is { $name }'s turn.

## Outcomes
outcome-golden-cell = { $name } wins — marble on the golden cell
outcome-last-marble = { $name } wins — last marble standing
outcome-round-limit = Draw — the round limit is reached
outcome-capture-limit = Draw — too many rounds without a capture
outcome-repetition = Draw — the same position occurred a third time
rematch = Rematch
review = Review
to-title = Title screen

## Pause, saves
pause-title = Paused
resume = Resume
restart = Restart
resign = Resign ({ $name })
save-game = Save game
save-name = Name of the save
saved-as = Saved as “{ $name }”.
export-record = Export record
exported = Record written to { $file }
load-title = Load a game
load-empty = No saved games yet.
autosave = Game in progress (autosave)
records-hint = Game records (text files) placed in { $folder } appear here too.

## Settings
settings-title = Settings
settings-language = Language
language-system = System
settings-animation = Animations
speed-normal = Normal
speed-fast = Fast
settings-legal-moves = Show legal moves
settings-auto-rotate = Turn the board to the player
settings-mute-unfocused = Mute in the background
settings-volume = Volume
settings-palette = Colours
palette-classic = Classic
palette-colour-blind = Colour-blind safe
settings-quality = Graphics
quality-auto = Auto
quality-high = High
quality-low = Low
quality-in-use = In use: { $level ->
    [high] High
   *[low] Low
}{ $reason ->
    [software] {" "}(software rendering)
    [slow] {" "}(frames were slow)
    [session] {" "}(this session’s option)
   *[other] {""}
}

## Rules
rules-title = Rules of ARKES
rules-page = Page { $n } of { $total }
rules-goal-title = The goal
rules-goal-text = Two to four players, each with tokens of one colour and one marble sitting on a token. The centre of the board is the golden cell. Bring your marble onto the golden cell and you win at once. If only your marble is left on the board, you win too.
rules-pieces-title = Pieces and formations
rules-pieces-text = A cell holds at most two pieces; together they form a formation. A token alone is a unit. A token carrying its marble is a general. Two tokens of one colour make a tower; two tokens of different colours, a siege. Only the top piece of a formation moves, and only by its owner.
rules-moving-title = Moving
rules-moving-text = On your turn, move one of your top pieces one cell in any of the eight directions, like a chess king. You cannot pass. A token may step onto an empty cell or onto a single token of any colour, making a tower or a siege.
rules-marbles-title = Marbles
rules-marbles-text = A marble never touches the board: it moves only onto a single token of its own colour, forming a general there. It cannot step onto an empty cell, a stack or another player's token. Build a path of your own tokens to lead it to the golden cell.
rules-capture-marble-title = Capturing a marble
rules-capture-marble-text = Any token that moves onto a cell whose top piece is an opponent's marble captures that marble. The marble leaves the board, the token takes its place, and its owner is out of the game. You never capture your own marble.
rules-capture-token-title = Capturing a token
rules-capture-token-text = A token moving from the top of a tower of its own colour captures the opponent's token it lands on: a token alone, a token on top, or one lying under your own token (your token then drops under the mover). A token lying under another player's token cannot be taken. When a move can capture, it does.
rules-repetition-title = No repetition
rules-repetition-text = A move may not recreate a position that has already occurred with the same player to move. The starting position counts. This rule, like the super-ko of Go, stops endless back-and-forth.
rules-end-title = Elimination and the end
rules-end-text = A player who cannot move at the start of their turn, or whose clock runs out, loses their marble and is out; their tokens stay and can be stacked on and captured. The last marble standing wins. A game can be limited in rounds, in rounds without a capture, and by clocks: a limit reached without a winner is a draw.

## Games
game-arkes = ARKES
game-arcanor = Arcanor
game-unknown = —
game-arkes-description = 2 to 4 players. Lead your marble over your own tokens to the golden cell; towers capture tokens, any token captures a marble.
game-arcanor-description = 2 players. Nesting pieces eat the next size down; bring 12 points to the far row, where pieces freeze.
new-game-which = Which game?
new-game-change = Other game
new-game-eat-limit = Rounds without eating
value-1 = value 1
value-2 = value 2
value-3 = value 3
value-4 = value 4
seat-chip-points = { $mark } { $name }   { $points } / 12
hint-play-arcanor = Click a piece: a duo moves whole, click it again for its top piece alone  ·  drag to turn, wheel to zoom  ·  Esc: menu
hint-duo-whole = The whole duo moves: click where it goes, or click it again to move the { $top } alone
hint-duo-top = The { $top } moves alone: click where it goes, or click it again to drop it
outcome-points = { $name } wins — 12 points on the target row
outcome-no-move = { $name } wins — the opponent cannot move
outcome-time = { $name } wins — the opponent's clock ran out
outcome-resigned = { $name } wins — the opponent resigned
settings-memory-mode = Memory mode (hide what duos hold)
rules-title-of = Rules of { $game ->
    [arcanor] Arcanor
   *[arkes] ARKES
}
rules-other-game = The other game
arcanor-goal-title = The goal
arcanor-goal-text = Two players, South and North, on a board of 8 files and 7 ranks. Each has 12 hollow pieces in four sizes that nest like Russian dolls, three of each value: 1 for the largest, then 2, 3 and 4 for the smallest. Bring pieces to the opponent's home row, your target row: there they freeze and score their value. The first to 12 points wins.
arcanor-moving-title = Moving
arcanor-moving-text = On your turn, move one step in any of the eight directions, like a chess king: a lone piece of yours, a whole duo whose top piece is yours (it carries the piece inside), or the top piece of a duo alone. You cannot pass. A cell never holds more than two pieces. Each player starts with six duos on their home row: 1 over 2 and 3 over 4.
arcanor-release-title = Leaving a duo
arcanor-release-text = When the top piece leaves its duo alone, the piece inside stays on the cell as a lone piece. If it was an opponent's prisoner, it is free again and its owner may move it. In the game, click a duo once to move it whole, twice to move its top piece alone.
arcanor-eat-title = Eating
arcanor-eat-text = A single piece moving (a lone piece, or a top piece leaving its duo) may step onto a cell holding one lone opponent's piece of the next value and cover it: a 1 eats a 2, a 2 a 3, a 3 a 4. A duo never eats; nothing moves onto your own piece or onto a duo, and nothing can eat a 1.
arcanor-prisoner-title = Prisoners
arcanor-prisoner-text = An eaten piece stays under its eater as a prisoner and cannot move while covered. Moving the whole duo carries the prisoner along; the eater leaving alone frees it. A band of the inner piece's colour at the rim of a duo shows what it holds (unless memory mode is on).
arcanor-freeze-title = Freezing
arcanor-freeze-text = A formation whose top piece reaches its target row is frozen: it never moves again and cannot be eaten, and its top piece scores its value. A piece standing on its own home row is not frozen and can be eaten there.
arcanor-duo-scores-title = A duo scores its top piece only
arcanor-duo-scores-text = A duo reaching the target row scores its top piece only: 3 over 4 scores 3, not 7. Separate the pair before it arrives to score both. A prisoner scores for nobody; freed on its own target row, it freezes and scores for its owner.
arcanor-end-title = The end
arcanor-end-text = A player with 12 points or more wins at once. A player with no legal move on their turn loses. The same position with the same player to move for the third time is a draw. Round limits and clocks may end the game: a limit reached is a draw, a player whose clock runs out loses.

## The coach
hint = Hint
settings-hints = Coach’s hints
hints-always = Always
hints-without-clocks = Untimed
hints-never = Never
review-game = Review the game
coach-hint = Hint: { $move }
coach-hint-whole = Hint: { $move }, the whole duo
coach-hint-top = Hint: { $move }, the top piece alone
coach-hint-searching = The coach looks for a good move…
coach-hint-off = Hints are off (see Settings).
coach-hint-off-with-clocks = No hints in a game with clocks (see Settings).
coach-hint-no-game = No hint now: the game is over or an earlier position is shown.
coach-hint-not-your-turn = No hint: it is the computer’s turn.
try-again = Try again from here
try-again-prompt = Move { $ply } again: { $name } to play (first { $move }, { $verdict }).
try-again-judging = The coach judges { $new }…
try-again-best = { $move }: the best move! Win chance { $after } % (first { $old }: { $old_after } %).
try-again-better = { $move } is better than { $old }: { $after } % against { $old_after } %.
try-again-same = { $move } again: still { $verdict }. The best was { $best }.
try-again-as-good = { $move } is about as good as { $old } ({ $after } %).
try-again-worse = { $move } is worse than { $old }: { $after } % against { $old_after } %. The best was { $best }.
review-title = Game review
review-waiting = Starting…
review-progress = Reviewing: { $done } of { $total } moves
review-done = All { $total } moves reviewed
review-stopped = Stopped: { $done } of { $total } moves
review-stop = Stop
review-resume = Resume
review-no-moves = No move to review yet.
review-ply = { $ply }. { $mark } { $name }: { $move } { $symbol } { $verdict }
review-ply-pending = { $ply }. { $mark } { $name }: { $move } (not reviewed yet)
review-best = Best: { $best } · win chance { $before } % → { $after } %
review-was-best = Win chance { $before } % → { $after } %
review-counts = { $mark } { $name }: { $inaccuracies } ?!  { $mistakes } ?  { $blunders } ??
review-prev-flagged = ◀ Previous marked move
review-next-flagged = Next marked move ▶
verdict-best = best move
verdict-good = good
verdict-inaccuracy = inaccuracy
verdict-mistake = mistake
verdict-blunder = blunder

## Learn: the Learn screen, the lesson and puzzle panel
menu-learn = Learn
player-scripted = Lesson
player-remote = Online friend
rules-learn = Learn by playing
learn-title = Learn by playing
learn-intro = Short lessons, one idea each, then puzzles: find the move.
learn-lessons = Lessons
learn-puzzles = Puzzles
learn-puzzle-kinds = Easiest first: win in one, save your marble or stop a freeze, the only move, win in two.
learn-retry = Start again
learn-hint = Hint
learn-next = Next ▶
learn-list = Lessons
learn-illegal-rule = Not allowed by rule { $rule }: { $reason }
learn-illegal = The rules do not allow that move.
learn-lesson-done = Lesson done! { $stars }
learn-puzzle-solved = Solved! { $stars }
puzzle-title = Puzzle { $n }
puzzle-win-in-one = Find the move that wins at once.
puzzle-win-in-two = Find the move that wins by force: whatever the reply, your next move wins.
puzzle-save-your-marble = Your marble is threatened: find the only move that saves it.
puzzle-stop-a-freeze = Your opponent is about to score: find the only move that stops every freeze.
puzzle-only-move = Every move but one loses at once: find it.
puzzle-not-this-one = Not this one: look again.
puzzle-good = Good! Now the reply…

## Online play
online-hosting = Room { $room }: give this code to your friend
online-joining = Joining room { $room }…
online-no-answer = No answer from room { $room }: check the code, and that the host is still there. Across different networks a STUN or TURN server is needed (see the README).
online-waiting = Room { $room }: waiting for { $names }
online-waiting-clocks = Room { $room }: waiting for { $names }, the clocks stopped
online-connected = Room { $room }: everyone is here{ $watchers ->
    [0] {""}
    [one] {" "}· 1 watching
   *[other] {" "}· { $watchers } watching
}
online-watching = Room { $room }: you are watching the game
online-false-host = Room { $room }: a peer claiming to host this room was ignored
online-flood = Room { $room }: a peer sending too many messages was ignored
online-rematch-asked = Room { $room }: the other side asks for a rematch
online-refused = Room { $room }: a move from the other side was refused
online-undo-asked = Room { $room }: the other side asks to take back a move
online-undo-waiting = Room { $room }: asking the other side to take back your move…
online-undo-refused = Room { $room }: the other side refused to take back your move
online-undo-allow = Allow
online-undo-refuse = Refuse
menu-join = Join a friend
join-title = Join a friend's game
join-intro = Type the room code your friend's screen shows (or open the link they sent).
join-code = { $code }
join-key = { $key }
join-erase = ⌫ Erase
join-go = Join
join-bad-code = Not a room code: { $reason }

## Lessons (assets/lessons/<game>.json)
lesson-arkes-one-step = One step
lesson-arkes-one-step-goal = Move a token one step, straight or diagonally, like a chess king (R3).
lesson-arkes-one-step-wrong = That move is legal, but try the one shown: your token from d1 to d2, then d2 to c3.
lesson-arkes-one-step-1 = From the start position, your token stepped from d1 to d2. Now North moves (R2).
lesson-arkes-one-step-2 = A diagonal step! Tokens may even stand on the golden cell c3, the centre.
lesson-arkes-tower = Build a tower
lesson-arkes-tower-goal = Stack your token from c1 onto your token on c2 to build a tower (R5).
lesson-arkes-tower-wrong = Legal, but this lesson wants a tower: move a token onto your other single token.
lesson-arkes-tower-1 = Two tokens of yours on one cell make a tower. Only its top token can move (R4).
lesson-arkes-siege = Lay a siege
lesson-arkes-siege-goal = Move your token from d2 onto North’s token on d3 to pin it under a siege (R4, R5).
lesson-arkes-siege-wrong = Legal, but step onto North’s token on d3: a siege pins it.
lesson-arkes-siege-1 = A siege: North’s token is under yours and cannot move while you stay on it (R4).
lesson-arkes-general = Move your marble
lesson-arkes-general-goal = Move your marble from c1 onto your single token on b2 to form a general (R6).
lesson-arkes-general-wrong = Legal, but move the marble: it may only step onto a single token of yours, here b2.
lesson-arkes-general-1 = Your marble now rides the unit on b2: a general. It never steps on empty cells or towers.
lesson-arkes-golden-cell = Reach the golden cell
lesson-arkes-golden-cell-goal = Lay a token on the golden cell c3, then bring your marble onto it to win (R11).
lesson-arkes-golden-cell-wrong = Legal, but build the bridge: a token on c3 first, then your marble from b2 onto it.
lesson-arkes-golden-cell-1 = Your token stands on the golden cell. Your marble on b2 can now step onto it.
lesson-arkes-golden-cell-2 = Your marble reached the golden cell: you win at once (R11)!
lesson-arkes-capture-marble = Capture a marble
lesson-arkes-capture-marble-goal = Move your token from d3 onto North’s marble on d4 to capture it (R7).
lesson-arkes-capture-marble-wrong = Legal, but North’s marble on d4 is next to your token on d3: take it!
lesson-arkes-capture-marble-1 = Any token can capture a marble. North has no marble left, so you win (R14)!
lesson-arkes-tower-capture = Capture with a tower
lesson-arkes-tower-capture-goal = Move the top token of a tower onto North’s tokens to capture them (R8).
lesson-arkes-tower-capture-wrong = Legal, but use a tower: its top token captures an enemy token it moves onto.
lesson-arkes-tower-capture-1 = The top of your b2 tower took North’s unit on b3: it leaves the game (R9).
lesson-arkes-tower-capture-2 = North’s token under your own on d3 is captured too: d3 is now your tower.
lesson-arkes-no-repetition = No repetition
lesson-arkes-no-repetition-goal = See that a move which would bring back a position already seen is refused (R10).
lesson-arkes-no-repetition-wrong = Legal, but follow the marked cell. Back to b3 is refused: that grid was seen (R10).
lesson-arkes-no-repetition-1 = Your token moved up to b3; North answered from d4 to d3.
lesson-arkes-no-repetition-2 = North went back to d4. Stepping back to b3 would recreate a grid already seen.
lesson-arkes-no-repetition-3 = b4 to b3 was refused (R10), but a3 is a new position, so this step is fine.
lesson-arkes-no-move-out = No move, you are out
lesson-arkes-no-move-out-goal = Leave West with no legal move: a player who cannot move is out of the game (R12).
lesson-arkes-no-move-out-wrong = Legal, but West’s marble on a3 can only move onto b4: cover that token with yours.
lesson-arkes-no-move-out-1 = West’s marble had nowhere to go: West is out, its marble removed (R12).
lesson-arkes-no-move-out-2 = West’s tokens stay on the board: you may stack on them, they never move (R13).
lesson-arkes-four-players = Four players
lesson-arkes-four-players-goal = Play with four: South, then West, North and East, clockwise (R2).
lesson-arkes-four-players-wrong = Legal, but follow the marked cell: token from c1 to c2, then your marble onto it.
lesson-arkes-four-players-1 = West, North and East each played once: now it is your turn again.
lesson-arkes-four-players-2 = Your marble stepped onto c2, one cell nearer the golden cell d4.
lesson-arkes-safe-under = Safe under a token
lesson-arkes-safe-under-goal = Capture with your c4 tower on c5: only the top token can go, North’s is safe (R8).
lesson-arkes-safe-under-wrong = Legal, but try the top of your tower on c4 onto the siege on c5.
lesson-arkes-safe-under-1 = You took West’s token. North’s, under another player’s token, was safe (R8).

lesson-arcanor-move-piece = Move a piece
lesson-arcanor-move-piece-goal = Move your piece of value 2 one step, straight or diagonally (A5).
lesson-arcanor-move-piece-wrong = Legal, but follow the marked cell: your 2 from d2 to d3, then to e4.
lesson-arcanor-move-piece-1 = Your 2 stepped from d2 to d3. North moved its 3 from f7 to f6.
lesson-arcanor-move-piece-2 = A diagonal step. Head for row 7, North’s home row: it is your target row.
lesson-arcanor-duo-moves = A duo moves whole
lesson-arcanor-duo-moves-goal = From the start, move a whole duo one step: it carries its inner piece (A5).
lesson-arcanor-duo-moves-wrong = Legal, but move a whole duo: click it once, then the marked cell.
lesson-arcanor-duo-moves-1 = Your duo, a 1 covering a 2, moved whole from d1 to d2.
lesson-arcanor-duo-moves-2 = The 3 over 4 duo moved too. A cell never holds more than two pieces (A4).
lesson-arcanor-top-alone = The top piece alone
lesson-arcanor-top-alone-goal = Move only the top 3 of your duo on c2: the 4 inside is freed and stays (A5).
lesson-arcanor-top-alone-wrong = Legal, but move the top piece alone: click the duo twice, then the marked cell.
lesson-arcanor-top-alone-1 = Your 3 left alone; your 4 stays on c2 as a lone piece.
lesson-arcanor-top-alone-2 = Now free, the 4 moves by itself. A separated duo is never rebuilt.
lesson-arcanor-eat = Eat a piece
lesson-arcanor-eat-goal = Eat an opponent’s lone piece whose value is exactly one more than yours (A6).
lesson-arcanor-eat-wrong = Legal, but eat: a 3 eats a lone 4, a 1 eats a lone 2. A duo never eats.
lesson-arcanor-eat-1 = Your 3 covers North’s 4 on d5: it is your prisoner and cannot move (A7).
lesson-arcanor-eat-2 = Only the top 1 could eat the 2 on b3; the duo itself never eats (A6).
lesson-arcanor-prisoner = Prisoners
lesson-arcanor-prisoner-goal = Carry your prisoner along, then leave it to eat another 4, which frees it (A7).
lesson-arcanor-prisoner-wrong = Legal, but move the whole duo to d5 first: the prisoner comes along.
lesson-arcanor-prisoner-1 = The whole duo moved: your 3 carried North’s 4 along as its prisoner.
lesson-arcanor-prisoner-2 = Your 3 ate the 4 on e6, but the 4 left on d5 is free again: North moves it.
lesson-arcanor-frozen = Score on the target row
lesson-arcanor-frozen-goal = Bring pieces onto row 7, your target row: they freeze there and score (A8, A9).
lesson-arcanor-frozen-wrong = Legal, but reach row 7: your 4 from d6 to d7, then your 3 eats the 4 on f7.
lesson-arcanor-frozen-1 = Your 4 is frozen on d7: it never moves again and scores 4 points.
lesson-arcanor-frozen-2 = North’s 4 on its own home row could be eaten. Your 3 froze there: 7 points.
lesson-arcanor-split-duo = Split to score more
lesson-arcanor-split-duo-goal = A duo scores its top piece only: split your 3 over 4 to score 7, not 3 (A9).
lesson-arcanor-split-duo-wrong = Legal, but if the duo arrives whole only its 3 scores. Send the 3 alone first.
lesson-arcanor-split-duo-1 = Your 3 froze on e7 (3 points) and freed your 4, which stays on e6.
lesson-arcanor-split-duo-2 = Your 4 froze on d7 too: 3 + 4 = 7 points, instead of 3 for the whole duo.
lesson-arcanor-twelve-points = Reach 12 points
lesson-arcanor-twelve-points-goal = You have 7 points: freeze your 2 and your 3 on row 7 to reach 12 and win (A10).
lesson-arcanor-twelve-points-wrong = Legal, but head for row 7: your 2 from e6 to e7, then your 3 from a6 to a7.
lesson-arcanor-twelve-points-1 = Your 2 froze on e7: 9 points. Three more to go.
lesson-arcanor-twelve-points-2 = Your 3 froze on a7: 12 points, you win (A10)!
lesson-arcanor-no-move-loses = Leave no move
lesson-arcanor-no-move-loses-goal = Block North’s last piece, the 4 on a7: a player with no legal move loses (A11).
lesson-arcanor-no-move-loses-wrong = Legal, but close a6, the 4’s last free cell: nothing can eat your pieces there.
lesson-arcanor-no-move-loses-1 = North’s 4 cannot move, and a 4 eats nothing: North has no move and loses (A11)!
