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
resign-short = abandon
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
resign = Abandonner ({ $name })
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
outcome-resigned = { $name } gagne — l'adversaire a abandonné
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

## Apprendre : l'écran Apprendre, le panneau des leçons et problèmes
menu-learn = Apprendre
player-scripted = Leçon
player-remote = Ami en ligne
rules-learn = Apprendre
learn-title = Apprendre en jouant
learn-intro = De courtes leçons, une idée chacune, puis des problèmes : trouvez le coup.
learn-lessons = Leçons
learn-puzzles = Problèmes
learn-puzzle-kinds = Du plus facile au plus dur : gagner en un coup, sauver sa boule, empêcher de marquer, le seul coup, gagner en deux coups.
learn-retry = Recommencer
learn-hint = Indice
learn-next = Suivant ▶
learn-list = Leçons
learn-illegal-rule = Ce coup est interdit par la règle { $rule }.
learn-illegal = Les règles n'autorisent pas ce coup.
learn-lesson-done = Leçon réussie ! { $stars }
learn-puzzle-solved = Résolu ! { $stars }
puzzle-title = Problème { $n }
puzzle-win-in-one = Trouvez le coup qui gagne tout de suite.
puzzle-win-in-two = Trouvez le coup qui gagne à coup sûr : quelle que soit la réponse, votre coup suivant gagne.
puzzle-save-your-marble = Votre boule est menacée : trouvez le seul coup qui la sauve.
puzzle-stop-a-freeze = L'adversaire va marquer : trouvez le seul coup qui l'en empêche.
puzzle-only-move = Tous les coups sauf un perdent aussitôt : trouvez-le.
puzzle-not-this-one = Pas celui-là : cherchez encore.
puzzle-good = Bien joué ! Voici la réponse…

## Jeu en ligne
online-hosting = Salle { $room } : donnez ce code à votre ami
online-joining = Connexion à la salle { $room }…
online-no-answer = Pas de réponse de la salle { $room } : vérifiez le code et que l’hôte est toujours là. Entre réseaux différents, il faut un serveur STUN ou TURN (voir le README).
online-waiting = Salle { $room } : on attend { $names }
online-waiting-clocks = Salle { $room } : on attend { $names }, pendules arrêtées
online-connected = Salle { $room } : tout le monde est là{ $watchers ->
    [0] {""}
    [one] {" "}· 1 spectateur
   *[other] {" "}· { $watchers } spectateurs
}
online-watching = Salle { $room } : vous regardez la partie
online-false-host = Salle { $room } : un pair se disant l’hôte de cette salle a été ignoré
online-flood = Salle { $room } : un pair envoyant trop de messages a été ignoré
online-rematch-asked = Salle { $room } : l’autre côté demande une revanche
online-refused = Salle { $room } : un coup de l’autre côté a été refusé
online-undo-asked = Salle { $room } : l’autre côté demande à reprendre un coup
online-undo-waiting = Salle { $room } : demande à l’autre côté de reprendre votre coup…
online-undo-refused = Salle { $room } : l’autre côté a refusé de reprendre votre coup
online-undo-allow = Accepter
online-undo-refuse = Refuser
menu-join = Rejoindre un ami
join-title = Rejoindre la partie d’un ami
join-intro = Tapez le code de salle affiché chez votre ami (ou ouvrez le lien qu’il vous a envoyé).
join-code = { $code }
join-key = { $key }
join-erase = ⌫ Effacer
join-go = Rejoindre
join-bad-code = Ce n’est pas un code de salle : { $reason }

## Leçons (assets/lessons/<game>.json)
lesson-arkes-one-step = Un pas
lesson-arkes-one-step-goal = Déplacez un jeton d’une case, tout droit ou en diagonale, comme un roi aux échecs (R3).
lesson-arkes-one-step-wrong = Ce coup est permis, mais essayez celui indiqué : votre jeton de d1 à d2, puis de d2 à c3.
lesson-arkes-one-step-1 = Depuis la position de départ, votre jeton est passé de d1 à d2. À Nord de jouer (R2).
lesson-arkes-one-step-2 = Un pas en diagonale ! Un jeton peut même se poser sur la case dorée c3, au centre.
lesson-arkes-tower = Bâtir une tour
lesson-arkes-tower-goal = Empilez votre jeton de c1 sur votre jeton de c2 pour bâtir une tour (R5).
lesson-arkes-tower-wrong = Permis, mais cette leçon veut une tour : posez un jeton sur votre autre jeton seul.
lesson-arkes-tower-1 = Deux de vos jetons sur une case forment une tour. Seul celui du dessus bouge (R4).
lesson-arkes-siege = Faire un siège
lesson-arkes-siege-goal = Posez votre jeton de d2 sur le jeton de Nord en d3 pour le bloquer par un siège (R4, R5).
lesson-arkes-siege-wrong = Permis, mais montez sur le jeton de Nord en d3 : un siège le bloque.
lesson-arkes-siege-1 = Un siège : le jeton de Nord, sous le vôtre, ne bouge plus tant que vous y restez (R4).
lesson-arkes-general = Déplacer votre boule
lesson-arkes-general-goal = Déplacez votre boule de c1 sur votre jeton seul en b2 pour former un général (R6).
lesson-arkes-general-wrong = Permis, mais bougez la boule : elle ne va que sur un jeton seul à vous, ici b2.
lesson-arkes-general-1 = Votre boule monte sur l’unité en b2 : un général. Jamais sur une case vide ni une tour.
lesson-arkes-golden-cell = Atteindre la case dorée
lesson-arkes-golden-cell-goal = Posez un jeton sur la case dorée c3, puis amenez-y votre boule pour gagner (R11).
lesson-arkes-golden-cell-wrong = Permis, mais faites le pont : d’abord un jeton en c3, puis votre boule de b2 dessus.
lesson-arkes-golden-cell-1 = Votre jeton est sur la case dorée. Votre boule en b2 peut maintenant y monter.
lesson-arkes-golden-cell-2 = Votre boule a atteint la case dorée : vous gagnez aussitôt (R11) !
lesson-arkes-capture-marble = Prendre une boule
lesson-arkes-capture-marble-goal = Posez votre jeton de d3 sur la boule de Nord en d4 pour la prendre (R7).
lesson-arkes-capture-marble-wrong = Permis, mais la boule de Nord en d4 touche votre jeton en d3 : prenez-la !
lesson-arkes-capture-marble-1 = Tout jeton peut prendre une boule. Nord n’a plus de boule : vous gagnez (R14) !
lesson-arkes-tower-capture = Prendre avec une tour
lesson-arkes-tower-capture-goal = Déplacez le jeton du dessus d’une tour sur les jetons de Nord pour les prendre (R8).
lesson-arkes-tower-capture-wrong = Permis, mais servez-vous d’une tour : son jeton du dessus prend le jeton ennemi visé.
lesson-arkes-tower-capture-1 = Le haut de votre tour b2 a pris l’unité de Nord en b3 : elle quitte le jeu (R9).
lesson-arkes-tower-capture-2 = Le jeton de Nord sous le vôtre en d3 est pris aussi : d3 devient votre tour.
lesson-arkes-no-repetition = Pas de répétition
lesson-arkes-no-repetition-goal = Voyez qu’un coup qui ramènerait une position déjà vue est refusé (R10).
lesson-arkes-no-repetition-wrong = Permis, mais suivez la case marquée. Revenir en b3 est refusé : grille déjà vue (R10).
lesson-arkes-no-repetition-1 = Votre jeton est monté en b3 ; Nord a répondu de d4 à d3.
lesson-arkes-no-repetition-2 = Nord est revenu en d4. Redescendre en b3 recréerait une grille déjà vue.
lesson-arkes-no-repetition-3 = b4 vers b3 était refusé (R10), mais a3 donne une position nouvelle : ce pas est permis.
lesson-arkes-no-move-out = Sans coup, éliminé
lesson-arkes-no-move-out-goal = Laissez Ouest sans coup permis : un joueur qui ne peut pas jouer est éliminé (R12).
lesson-arkes-no-move-out-wrong = Permis, mais la boule d’Ouest en a3 ne peut aller qu’en b4 : couvrez ce jeton.
lesson-arkes-no-move-out-1 = La boule d’Ouest n’avait nulle part où aller : Ouest est éliminé, sa boule retirée (R12).
lesson-arkes-no-move-out-2 = Les jetons d’Ouest restent sur le plateau : on peut s’y poser, ils ne bougent plus (R13).
lesson-arkes-four-players = Quatre joueurs
lesson-arkes-four-players-goal = Jouez à quatre : Sud, puis Ouest, Nord et Est, dans le sens des aiguilles d’une montre (R2).
lesson-arkes-four-players-wrong = Permis, mais suivez la case marquée : jeton de c1 à c2, puis votre boule dessus.
lesson-arkes-four-players-1 = Ouest, Nord et Est ont joué chacun une fois : c’est de nouveau à vous.
lesson-arkes-four-players-2 = Votre boule est passée en c2, une case plus près de la case dorée d4.
lesson-arkes-safe-under = À l’abri sous un jeton
lesson-arkes-safe-under-goal = Prenez avec votre tour c4 en c5 : seul le jeton du dessus part, celui de Nord est à l’abri (R8).
lesson-arkes-safe-under-wrong = Permis, mais essayez le haut de votre tour c4 sur le siège en c5.
lesson-arkes-safe-under-1 = Jeton d’Ouest pris. Celui de Nord, sous le jeton d’un autre joueur, était à l’abri (R8).

lesson-arcanor-move-piece = Déplacer une pièce
lesson-arcanor-move-piece-goal = Déplacez votre pièce de valeur 2 d’une case, tout droit ou en diagonale (A5).
lesson-arcanor-move-piece-wrong = Permis, mais suivez la case marquée : votre 2 de d2 à d3, puis en e4.
lesson-arcanor-move-piece-1 = Votre 2 est passé de d2 à d3. Nord a joué son 3 de f7 à f6.
lesson-arcanor-move-piece-2 = Un pas en diagonale. Visez la rangée 7, départ de Nord : c’est votre ligne d’arrivée.
lesson-arcanor-duo-moves = Un duo bouge entier
lesson-arcanor-duo-moves-goal = Depuis le départ, déplacez un duo entier d’une case : il emporte sa pièce intérieure (A5).
lesson-arcanor-duo-moves-wrong = Permis, mais déplacez un duo entier : cliquez-le une fois, puis la case marquée.
lesson-arcanor-duo-moves-1 = Votre duo, un 1 couvrant un 2, est passé entier de d1 à d2.
lesson-arcanor-duo-moves-2 = Le duo 3 sur 4 a bougé aussi. Une case ne porte jamais plus de deux pièces (A4).
lesson-arcanor-top-alone = La pièce du dessus seule
lesson-arcanor-top-alone-goal = Déplacez seulement le 3 du dessus de votre duo en c2 : le 4 dedans est libéré et reste (A5).
lesson-arcanor-top-alone-wrong = Permis, mais déplacez la pièce du dessus seule : cliquez le duo deux fois, puis la case.
lesson-arcanor-top-alone-1 = Votre 3 est parti seul ; votre 4 reste en c2, seul.
lesson-arcanor-top-alone-2 = Libre, le 4 bouge seul. Un duo séparé ne se reforme jamais.
lesson-arcanor-eat = Manger une pièce
lesson-arcanor-eat-goal = Mangez une pièce adverse seule de valeur juste un de plus que la vôtre (A6).
lesson-arcanor-eat-wrong = Permis, mais mangez : un 3 mange un 4 seul, un 1 un 2 seul. Un duo ne mange jamais.
lesson-arcanor-eat-1 = Votre 3 couvre le 4 de Nord en d5 : il est votre prisonnier et ne bouge plus (A7).
lesson-arcanor-eat-2 = Seul le 1 du dessus pouvait manger le 2 en b3 ; le duo lui-même ne mange jamais (A6).
lesson-arcanor-prisoner = Les prisonniers
lesson-arcanor-prisoner-goal = Emportez votre prisonnier, puis quittez-le pour manger un autre 4, ce qui le libère (A7).
lesson-arcanor-prisoner-wrong = Permis, mais déplacez d’abord le duo entier en d5 : le prisonnier suit.
lesson-arcanor-prisoner-1 = Le duo entier a bougé : votre 3 a emporté le 4 de Nord, son prisonnier.
lesson-arcanor-prisoner-2 = Votre 3 a mangé le 4 en e6, mais le 4 laissé en d5 est libre : Nord le rejoue.
lesson-arcanor-frozen = Marquer à l’arrivée
lesson-arcanor-frozen-goal = Amenez des pièces sur la rangée 7, votre ligne d’arrivée : elles s’y figent et marquent (A8, A9).
lesson-arcanor-frozen-wrong = Permis, mais atteignez la rangée 7 : votre 4 de d6 à d7, puis votre 3 mange le 4 en f7.
lesson-arcanor-frozen-1 = Votre 4 est figé en d7 : il ne bougera plus et marque 4 points.
lesson-arcanor-frozen-2 = Le 4 de Nord sur sa ligne de départ pouvait être mangé. Votre 3 s’y fige : 7 points.
lesson-arcanor-split-duo = Séparer pour marquer plus
lesson-arcanor-split-duo-goal = Un duo ne marque que sa pièce du dessus : séparez votre 3 sur 4 pour marquer 7, pas 3 (A9).
lesson-arcanor-split-duo-wrong = Permis, mais si le duo arrive entier, seul son 3 marque. Envoyez d’abord le 3 seul.
lesson-arcanor-split-duo-1 = Votre 3 s’est figé en e7 (3 points) et a libéré votre 4, resté en e6.
lesson-arcanor-split-duo-2 = Votre 4 s’est figé en d7 aussi : 3 + 4 = 7 points, au lieu de 3 pour le duo entier.
lesson-arcanor-twelve-points = Atteindre 12 points
lesson-arcanor-twelve-points-goal = Vous avez 7 points : figez votre 2 et votre 3 sur la rangée 7 pour atteindre 12 et gagner (A10).
lesson-arcanor-twelve-points-wrong = Permis, mais visez la rangée 7 : votre 2 de e6 à e7, puis votre 3 de a6 à a7.
lesson-arcanor-twelve-points-1 = Votre 2 s’est figé en e7 : 9 points. Plus que trois.
lesson-arcanor-twelve-points-2 = Votre 3 s’est figé en a7 : 12 points, vous gagnez (A10) !
lesson-arcanor-no-move-loses = Ne laisser aucun coup
lesson-arcanor-no-move-loses-goal = Bloquez la dernière pièce de Nord, le 4 en a7 : sans coup permis, on perd (A11).
lesson-arcanor-no-move-loses-wrong = Permis, mais fermez a6, la dernière case libre du 4 : rien ne peut y manger vos pièces.
lesson-arcanor-no-move-loses-1 = Le 4 de Nord est bloqué et un 4 ne mange rien : Nord n’a aucun coup et perd (A11) !
