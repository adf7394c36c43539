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
title-name = ARKES
title-subtitle = arquesses · arcēs — reach the golden cell
menu-continue = Continue
menu-new-game = New game
menu-load = Load
menu-rules = Rules
menu-settings = Settings
menu-quit = Quit

## New game
new-game-title = New game
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
