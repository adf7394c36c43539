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
