# ARKES — français
language-name = Français

## Places et termes
seat-name = { $seat ->
    [south] Sud
    [west] Ouest
    [north] Nord
   *[east] Est
}
seat-with-mark = { $mark } { $seat ->
    [south] Sud
    [west] Ouest
    [north] Nord
   *[east] Est
}
term-unit = unité
term-general = général
term-tower = tour
term-siege = siège
player-human = Humain
player-easy = Facile
player-medium = Moyen
player-hard = Difficile
thinking = réfléchit…

## Mots courants
count = { $n }
verbatim = { $text }
percent = { $n } %
minus = −
plus = +
on = Oui
off = Non
back = Retour
cancel = Annuler
save = Enregistrer
load = Charger
delete = Supprimer
previous = ◀ Précédent
next = Suivant ▶

## Titre
title-name = ARKES 3D
title-subtitle = ARKES et Arcanor — deux jeux de plateau pour une table
loading = Chargement…
menu-continue = Continuer
menu-new-game = Nouvelle partie
menu-load = Charger
menu-rules = Règles
menu-settings = Réglages
menu-quit = Quitter

## Nouvelle partie
new-game-players = Joueurs
new-game-board = Plateau
board-size = { $n } × { $n }
new-game-rounds = Limite de tours de table
new-game-capture-limit = Tours sans prise
new-game-clock = Pendule (min + s)
clock-choice = { $minutes } + { $increment }
new-game-start = Commencer

## En jeu
turn = { $mark } À { $name } de jouer
game-over = Partie terminée
round = Tour { $round }
round-of = Tour { $round } sur { $limit }
without-capture = { $n } sur { $limit } sans prise
seat-chip = { $mark } { $name }   prises { $captures }
seat-out = éliminé
hint-play = Cliquez une pièce, puis sa destination  ·  glissez pour tourner le plateau, molette ou pincement pour zoomer  ·  Échap : menu
undo = ↶ Annuler
redo = ↷ Rétablir
menu = Menu
moves-title = Coups
timeout-short = temps
reviewing = Position après le coup { $n } sur { $total }
step-back = ◀
step-forward = ▶
back-to-game = Retour à la partie

top-view = Vue de dessus
pad-joined = Cette manette joue maintenant { $name }.
pad-unassigned = Cette manette ne joue aucune place : appuyez sur Ⓐ au tour d’un joueur humain pour la prendre.
pad-not-your-turn = C’est au tour de { $name }.

## Fins de partie
outcome-golden-cell = { $name } gagne — boule sur la case dorée
outcome-last-marble = { $name } gagne — dernière boule en jeu
outcome-round-limit = Partie nulle — limite de tours atteinte
outcome-capture-limit = Partie nulle — trop de tours sans prise
outcome-repetition = Partie nulle — la même position est revenue trois fois
rematch = Revanche
review = Revoir
to-title = Écran titre

## Pause, sauvegardes
pause-title = Pause
resume = Reprendre
restart = Recommencer
save-game = Sauvegarder
save-name = Nom de la sauvegarde
saved-as = Sauvegardée sous « { $name } ».
export-record = Exporter la partie
exported = Partie écrite dans { $file }
load-title = Charger une partie
load-empty = Aucune partie sauvegardée.
autosave = Partie en cours (sauvegarde automatique)
records-hint = Les parties (fichiers texte) placées dans { $folder } apparaissent aussi ici.

## Réglages
settings-title = Réglages
settings-language = Langue
language-system = Système
settings-animation = Animations
speed-normal = Normales
speed-fast = Rapides
settings-legal-moves = Montrer les coups possibles
settings-auto-rotate = Tourner le plateau vers le joueur
settings-mute-unfocused = Couper le son en arrière-plan
settings-volume = Volume
settings-palette = Couleurs
palette-classic = Classiques
palette-colour-blind = Adaptées aux daltoniens
settings-quality = Graphismes
quality-auto = Auto
quality-high = Élevés
quality-low = Légers
quality-in-use = En service : { $level ->
    [high] élevés
   *[low] légers
}{ $reason ->
    [software] {" "}(rendu logiciel)
    [slow] {" "}(images trop lentes)
    [session] {" "}(option de cette session)
   *[other] {""}
}

## Règles
rules-title = Règles d’ARKES
rules-page = Page { $n } sur { $total }
rules-goal-title = Le but
rules-goal-text = De deux à quatre joueurs ont chacun des jetons d’une couleur et une boule posée sur un jeton. Le centre du plateau est la case dorée, l’Or. Amenez votre boule sur la case dorée et vous gagnez aussitôt. S’il ne reste que votre boule sur le plateau, vous gagnez aussi.
rules-pieces-title = Pièces et formations
rules-pieces-text = Une case porte au plus deux pièces, qui forment une formation. Un jeton seul est une unité. Un jeton portant sa boule est un général. Deux jetons d’une même couleur font une tour ; deux jetons de couleurs différentes, un siège. Seule la pièce du dessus bouge, et seulement par son propriétaire.
rules-moving-title = Se déplacer
rules-moving-text = À votre tour, déplacez une de vos pièces du dessus d’une case dans l’une des huit directions, comme le roi aux échecs. On ne peut pas passer. Un jeton va sur une case vide ou sur un jeton seul de n’importe quelle couleur, formant une tour ou un siège.
rules-marbles-title = Les boules
rules-marbles-text = Une boule ne touche jamais le plateau : elle ne va que sur un jeton seul de sa couleur, où elle forme un général. Elle ne va ni sur une case vide, ni sur une pile, ni sur le jeton d’un autre joueur. Tracez-lui un chemin de vos jetons jusqu’à la case dorée.
rules-capture-marble-title = Prendre une boule
rules-capture-marble-text = Tout jeton qui se déplace sur une case dont la pièce du dessus est la boule d’un adversaire la prend. La boule quitte le plateau, le jeton prend sa place, et son propriétaire est éliminé. On ne prend jamais sa propre boule.
rules-capture-token-title = Prendre un jeton
rules-capture-token-text = Un jeton qui part du haut d’une tour de sa couleur prend le jeton adverse sur lequel il arrive : un jeton seul, un jeton du dessus, ou un jeton placé sous l’un de vos jetons (votre jeton passe alors dessous). Un jeton placé sous le jeton d’un autre joueur ne peut pas être pris. Quand un coup peut prendre, il prend.
rules-repetition-title = Pas de répétition
rules-repetition-text = Un coup ne peut pas recréer une position déjà vue avec le même joueur au trait. La position de départ compte. Cette règle, comme le super-ko du go, empêche les allers-retours sans fin.
rules-end-title = Élimination et fin
rules-end-text = Un joueur qui ne peut pas jouer au début de son tour, ou dont la pendule tombe, perd sa boule et est éliminé ; ses jetons restent, on peut s’y empiler et les prendre. La dernière boule en jeu gagne. Une partie peut être limitée en tours de table, en tours sans prise et par des pendules : une limite atteinte sans vainqueur donne une partie nulle.

## Jeux
game-arkes = ARKES
game-arcanor = Arcanor
game-unknown = —
game-arkes-description = 2 à 4 joueurs. Menez votre boule sur vos jetons jusqu'à la case dorée ; les tours prennent les jetons, tout jeton prend une boule.
game-arcanor-description = 2 joueurs. Les pièces gigognes mangent la taille juste en dessous ; amenez 12 points sur la ligne d'en face, où les pièces se figent.
new-game-which = Quel jeu ?
new-game-change = Autre jeu
new-game-eat-limit = Tours sans manger
value-1 = valeur 1
value-2 = valeur 2
value-3 = valeur 3
value-4 = valeur 4
seat-chip-points = { $mark } { $name }   { $points } / 12
hint-play-arcanor = Cliquez une pièce : un duo part entier, cliquez-le encore pour sa pièce du dessus seule  ·  glisser pour tourner, molette pour zoomer  ·  Échap : menu
hint-duo-whole = Le duo entier part : cliquez où il va, ou cliquez-le encore pour déplacer le { $top } seul
hint-duo-top = Le { $top } part seul : cliquez où il va, ou cliquez-le encore pour le reposer
outcome-points = { $name } gagne — 12 points sur la ligne d'arrivée
outcome-no-move = { $name } gagne — l'adversaire ne peut plus jouer
outcome-time = { $name } gagne — la pendule de l'adversaire est tombée
settings-memory-mode = Mode mémoire (cacher le contenu des duos)
rules-title-of = Règles { $game ->
    [arcanor] d'Arcanor
   *[arkes] d'ARKES
}
rules-other-game = L'autre jeu
arcanor-goal-title = Le but
arcanor-goal-text = Deux joueurs, Sud et Nord, sur un plateau de 8 colonnes et 7 rangées. Chacun a 12 pièces creuses de quatre tailles qui s'emboîtent comme des poupées russes, trois de chaque valeur : 1 pour la plus grande, puis 2, 3 et 4 pour la plus petite. Amenez des pièces sur la ligne de départ de l'adversaire, votre ligne d'arrivée : elles s'y figent et marquent leur valeur. Le premier à 12 points gagne.
arcanor-moving-title = Déplacer
arcanor-moving-text = À votre tour, faites un pas dans l'une des huit directions, comme le roi aux échecs : une pièce seule à vous, un duo entier dont la pièce du dessus est à vous (il emporte la pièce qu'il contient), ou la pièce du dessus d'un duo seule. On ne passe pas. Une case ne contient jamais plus de deux pièces. Chacun commence avec six duos sur sa ligne de départ : 1 sur 2 et 3 sur 4.
arcanor-release-title = Quitter un duo
arcanor-release-text = Quand la pièce du dessus quitte seule son duo, la pièce qu'elle couvrait reste sur la case, seule. Si c'était un prisonnier adverse, il est de nouveau libre et son propriétaire peut le jouer. Dans le jeu, cliquez un duo une fois pour le déplacer entier, deux fois pour sa pièce du dessus seule.
arcanor-eat-title = Manger
arcanor-eat-text = Une pièce qui se déplace seule (une pièce seule, ou la pièce du dessus quittant son duo) peut aller sur une case portant une pièce adverse seule de la valeur suivante et la recouvrir : un 1 mange un 2, un 2 un 3, un 3 un 4. Un duo ne mange jamais ; rien ne va sur sa propre pièce ni sur un duo, et rien ne mange un 1.
arcanor-prisoner-title = Prisonniers
arcanor-prisoner-text = Une pièce mangée reste sous celle qui l'a mangée, prisonnière : elle ne bouge pas tant qu'elle est couverte. Déplacer le duo entier emporte le prisonnier ; la pièce du dessus partant seule le libère. Un liseré de la couleur de la pièce intérieure au bord du duo montre ce qu'il contient (sauf en mode mémoire).
arcanor-freeze-title = Se figer
arcanor-freeze-text = Une formation dont la pièce du dessus atteint sa ligne d'arrivée est figée : elle ne bouge plus et ne peut plus être mangée, et sa pièce du dessus marque sa valeur. Une pièce posée sur sa propre ligne de départ n'est pas figée et peut y être mangée.
arcanor-duo-scores-title = Un duo ne marque que sa pièce du dessus
arcanor-duo-scores-text = Un duo qui atteint la ligne d'arrivée ne marque que sa pièce du dessus : 3 sur 4 marque 3, pas 7. Séparez la paire avant l'arrivée pour marquer les deux. Un prisonnier ne marque pour personne ; libéré sur sa propre ligne d'arrivée, il se fige et marque pour son propriétaire.
arcanor-end-title = La fin
arcanor-end-text = Un joueur qui a 12 points ou plus gagne aussitôt. Un joueur qui ne peut pas jouer à son tour perd. La même position avec le même joueur au trait pour la troisième fois est nulle. Des limites de tours et des pendules peuvent finir la partie : une limite atteinte donne nulle, un joueur dont la pendule tombe perd.

## Le coach
hint = Indice
settings-hints = Indices du coach
hints-always = Toujours
hints-without-clocks = Sans pendule
hints-never = Jamais
review-game = Analyser la partie
coach-hint = Indice : { $move }
coach-hint-whole = Indice : { $move }, le duo entier
coach-hint-top = Indice : { $move }, la pièce du dessus seule
coach-hint-searching = Le coach cherche un bon coup…
coach-hint-off = Les indices sont désactivés (voir Réglages).
coach-hint-off-with-clocks = Pas d’indice dans une partie à la pendule (voir Réglages).
coach-hint-no-game = Pas d’indice : la partie est finie ou une position passée est affichée.
coach-hint-not-your-turn = Pas d’indice : c’est au tour de l’ordinateur.
try-again = Rejouer d’ici
try-again-prompt = Coup { $ply } à rejouer : à { $name } de jouer (d’abord { $move }, { $verdict }).
try-again-judging = Le coach juge { $new }…
try-again-best = { $move } : le meilleur coup ! Chances de gain { $after } % (d’abord { $old } : { $old_after } %).
try-again-better = { $move } est meilleur que { $old } : { $after } % contre { $old_after } %.
try-again-same = De nouveau { $move } : toujours { $verdict }. Le meilleur était { $best }.
try-again-as-good = { $move } vaut à peu près { $old } ({ $after } %).
try-again-worse = { $move } est moins bon que { $old } : { $after } % contre { $old_after } %. Le meilleur était { $best }.
review-title = Analyse de la partie
review-waiting = Démarrage…
review-progress = Analyse : { $done } coups sur { $total }
review-done = Les { $total } coups sont analysés
review-stopped = Arrêtée : { $done } coups sur { $total }
review-stop = Arrêter
review-resume = Reprendre
review-no-moves = Aucun coup à analyser pour l’instant.
review-ply = { $ply }. { $mark } { $name } : { $move } { $symbol } { $verdict }
review-ply-pending = { $ply }. { $mark } { $name } : { $move } (pas encore analysé)
review-best = Meilleur : { $best } · chances de gain { $before } % → { $after } %
review-was-best = Chances de gain { $before } % → { $after } %
review-counts = { $mark } { $name } : { $inaccuracies } ?!  { $mistakes } ?  { $blunders } ??
review-prev-flagged = ◀ Coup marqué précédent
review-next-flagged = Coup marqué suivant ▶
verdict-best = meilleur coup
verdict-good = bon
verdict-inaccuracy = imprécision
verdict-mistake = erreur
verdict-blunder = gaffe
