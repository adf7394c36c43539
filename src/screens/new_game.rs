//! The new-game set-up, in two steps: first the game (ARKES or Arcanor, each
//! with a line of description and a small picture), then its choices: the
//! seats' names and players, and for ARKES the number of players and the
//! board; the limits and the clock. The choices are kept in the settings, so
//! the last ones come back next time.

use std::num::NonZeroU32;

use bevy::prelude::*;
use bevy::text::EditableText;
use bevy::ui_widgets::Activate;
use game_core::{Clock, Limits};

use super::choices::{Choice, choice_button};
use super::flow::Notice;
use super::rules::RulesBooks;
use crate::app_state::AppSystems;
use crate::app_state::Screen;
use crate::i18n::{Tr, seat_id};
use crate::options::PlayerKind;
use crate::play::{Match, MatchCommand};
use crate::settings::{ClockChoice, Settings};
use crate::theme::{self, SeatColours};
use crate::ui::{self, TEXT, TEXT_DIM, button, label, panel, row, screen_root, text};
use games::{GameKind, NewGame};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Step>()
        .add_systems(OnEnter(Screen::NewGame), (reset_step, spawn_new_game).chain())
        .add_systems(
            Update,
            (respawn_on_step.run_if(resource_changed::<Step>), show_choices)
                .chain()
                .run_if(in_state(Screen::NewGame))
                .in_set(AppSystems::View),
        );
}

/// Which step of the set-up is shown.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Step {
    /// Choosing the game.
    #[default]
    Game,
    /// The chosen game's choices.
    Choices,
}

/// The seats in play for `players` players of `kind`, in turn order.
#[must_use]
pub fn seats_for(kind: GameKind, players: usize) -> Vec<game_core::Seat> {
    kind.seats_for(players)
}

/// The row of the `n`-th seat in play.
#[derive(Component)]
struct SeatRow(usize);

/// The label of the `n`-th seat in play.
#[derive(Component)]
struct SeatLabel(usize);

/// The name input of the `n`-th seat in play.
#[derive(Component)]
pub struct NameInput(pub usize);

#[derive(Component)]
struct RoundsText;

/// The root of the screen, respawned when the step changes.
#[derive(Component)]
struct NewGameRoot;

const CLOCKS: [Option<(u32, u32)>; 5] = [None, Some((5, 0)), Some((10, 5)), Some((15, 10)), Some((30, 0))];

fn reset_step(mut step: ResMut<Step>) {
    *step = Step::Game;
}

fn respawn_on_step(
    mut commands: Commands,
    step: Res<Step>,
    settings: Res<Settings>,
    colours: Res<SeatColours>,
    books: Res<RulesBooks>,
    roots: Query<Entity, With<NewGameRoot>>,
) {
    if step.is_added() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    spawn_step(&mut commands, *step, &settings, &books, *colours);
}

fn spawn_new_game(
    mut commands: Commands,
    step: Res<Step>,
    settings: Res<Settings>,
    colours: Res<SeatColours>,
    books: Res<RulesBooks>,
) {
    spawn_step(&mut commands, *step, &settings, &books, *colours);
}

fn spawn_step(
    commands: &mut Commands,
    step: Step,
    settings: &Settings,
    books: &RulesBooks,
    colours: SeatColours,
) {
    let root =
        commands.spawn((screen_root("new game", 0.55), NewGameRoot, DespawnOnExit(Screen::NewGame))).id();
    match step {
        Step::Game => spawn_game_choice(commands, root, books, colours),
        Step::Choices => spawn_choices(commands, root, settings),
    }
}

/// Step one: a card for each game.
fn spawn_game_choice(commands: &mut Commands, root: Entity, books: &RulesBooks, colours: SeatColours) {
    let form = commands.spawn((panel(16.0), ChildOf(root))).id();
    commands.spawn((ChildOf(form), text(Tr::new("new-game-which"), 34.0, theme::GOLD)));
    let cards = commands.spawn((ChildOf(form), row(18.0))).id();
    commands.entity(cards).insert(Node {
        flex_direction: FlexDirection::Row,
        column_gap: px(18),
        justify_content: JustifyContent::Center,
        ..default()
    });
    for &kind in GameKind::all() {
        let card = commands
            .spawn((
                ChildOf(cards),
                crate::ui::sized_button(
                    &format!("game-{}", kind.id()),
                    Tr::new(kind.name_key()),
                    26.0,
                    move |_: On<Activate>, mut settings: ResMut<Settings>, mut step: ResMut<Step>| {
                        settings.new_game.game = kind;
                        *step = Step::Choices;
                    },
                ),
            ))
            .id();
        commands.entity(card).insert(Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(10),
            width: px(300),
            padding: UiRect::all(px(18)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(12)),
            ..default()
        });
        spawn_picture(commands, card, kind, books, colours);
        commands.spawn((
            ChildOf(card),
            text(Tr::new(format!("{}-description", kind.name_key())), 16.0, TEXT_DIM),
            TextLayout::justify(Justify::Center),
            Node { max_width: px(260), ..default() },
            Pickable::IGNORE,
        ));
    }
    commands.spawn((
        ChildOf(form),
        button("back", Tr::new("back"), |_: On<Activate>, mut next: ResMut<NextState<Screen>>| {
            next.set(Screen::Title);
        }),
    ));
}

/// The game's small picture, drawn by its rules module (see
/// [`super::rules`]): a wooden frame it draws into.
fn spawn_picture(
    commands: &mut Commands,
    card: Entity,
    kind: GameKind,
    books: &RulesBooks,
    colours: SeatColours,
) {
    let picture = commands
        .spawn((
            ChildOf(card),
            Node { width: px(170), height: px(90), position_type: PositionType::Relative, ..default() },
            BackgroundColor(theme::WOOD),
            Pickable::IGNORE,
        ))
        .id();
    if let Some(book) = books.get(kind) {
        (book.card)(commands, picture, colours);
    }
}

/// Step two: the chosen game's choices.
fn spawn_choices(commands: &mut Commands, root: Entity, settings: &Settings) {
    let choices = &settings.new_game;
    let kind = choices.game;
    let form = commands.spawn((panel(10.0), ChildOf(root))).id();
    let heading = commands.spawn((ChildOf(form), row(16.0))).id();
    commands.spawn((ChildOf(heading), text(Tr::new(kind.name_key()), 34.0, theme::GOLD)));
    commands.spawn((
        ChildOf(heading),
        button("change-game", Tr::new("new-game-change"), |_: On<Activate>, mut step: ResMut<Step>| {
            *step = Step::Game;
        }),
    ));
    let grid = commands.spawn((ChildOf(form), ui::form(6.0))).id();
    let line = |commands: &mut Commands, key: &str| -> Entity {
        let line = commands.spawn((ChildOf(grid), ui::form_row())).id();
        commands.spawn((ChildOf(line), ui::form_label(Tr::new(key))));
        commands.spawn((ChildOf(line), ui::controls(8.0))).id()
    };

    if kind.players().count() > 1 {
        let players = line(commands, "new-game-players");
        for n in kind.players() {
            commands.spawn((
                ChildOf(players),
                choice_button(&format!("players-{n}"), Tr::new("count").with("n", n), Choice::Players(n)),
            ));
        }
    }

    for i in 0..4 {
        // The label's text is set by `show_choices` for the seat in play.
        let seat = seats_for(kind, 4).get(i).copied().unwrap_or(game_core::Seat::South);
        let line = commands.spawn((ChildOf(grid), ui::form_row(), SeatRow(i))).id();
        let cell = commands.spawn((ChildOf(line), ui::form_label_cell())).id();
        commands.spawn((
            ChildOf(cell),
            SeatLabel(i),
            text(
                Tr::new("seat-with-mark").with("mark", "").with("seat", crate::i18n::seat_id(seat)),
                20.0,
                TEXT,
            ),
        ));
        let seat_row = commands.spawn((ChildOf(line), ui::controls(8.0))).id();
        let name = choices.seats.get(i).map(|s| s.name.clone()).unwrap_or_default();
        commands.spawn((
            ChildOf(seat_row),
            Name::new(format!("name input {i}")),
            NameInput(i),
            EditableText { max_characters: Some(24), allow_newlines: false, ..EditableText::new(name) },
            bevy::text::TextCursorStyle::default(),
            TextFont::from_font_size(20.0),
            TextLayout::no_wrap(),
            bevy::input_focus::tab_navigation::TabIndex(0),
            Node {
                width: px(180),
                padding: UiRect::axes(px(8), px(4)),
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::all(px(6)),
                ..default()
            },
            BackgroundColor(Color::srgb(0.13, 0.13, 0.14)),
            BorderColor::all(Color::srgb(0.4, 0.38, 0.33)),
        ));
        for player in PlayerKind::choices() {
            commands.spawn((
                ChildOf(seat_row),
                choice_button(
                    &format!("seat-{i}-{}", player.id()),
                    Tr::new(player.key()),
                    Choice::SeatPlayer(i, player),
                ),
            ));
        }
    }

    if !kind.sides().is_empty() {
        let side = line(commands, "new-game-board");
        for &s in kind.sides() {
            commands.spawn((
                ChildOf(side),
                choice_button(
                    &format!("side-{s}"),
                    Tr::new("board-size").with("n", u32::from(s)),
                    Choice::Side(s),
                ),
            ));
        }
    }

    let rounds = line(commands, "new-game-rounds");
    commands.spawn((ChildOf(rounds), choice_button("rounds-down", Tr::new("minus"), Choice::RoundsBy(-10))));
    commands.spawn((
        ChildOf(rounds),
        RoundsText,
        label(Tr::new("count").with("n", choices.rounds)),
        Node { min_width: px(60), justify_content: JustifyContent::Center, ..default() },
    ));
    commands.spawn((ChildOf(rounds), choice_button("rounds-up", Tr::new("plus"), Choice::RoundsBy(10))));

    let capture = line(commands, kind.capture_limit_key());
    commands
        .spawn((ChildOf(capture), choice_button("capture-off", Tr::new("off"), Choice::CaptureLimit(None))));
    for k in [10u32, 20, 30, 50] {
        commands.spawn((
            ChildOf(capture),
            choice_button(
                &format!("capture-{k}"),
                Tr::new("count").with("n", k),
                Choice::CaptureLimit(Some(k)),
            ),
        ));
    }

    let clock = line(commands, "new-game-clock");
    for c in CLOCKS {
        let (id, tr, choice) = match c {
            None => ("clock-off".to_owned(), Tr::new("off"), None),
            Some((m, i)) => (
                format!("clock-{m}-{i}"),
                Tr::new("clock-choice").with("minutes", m).with("increment", i),
                Some(ClockChoice { minutes: m, increment: i }),
            ),
        };
        commands.spawn((ChildOf(clock), choice_button(&id, tr, Choice::Clock(choice))));
    }

    let actions = commands.spawn((ChildOf(form), row(16.0))).id();
    commands.entity(actions).insert(Node {
        flex_direction: FlexDirection::Row,
        justify_content: JustifyContent::SpaceBetween,
        margin: UiRect::top(px(10)),
        ..default()
    });
    commands.spawn((
        ChildOf(actions),
        button("back", Tr::new("back"), |_: On<Activate>, mut next: ResMut<NextState<Screen>>| {
            next.set(Screen::Title);
        }),
    ));
    commands.spawn((ChildOf(actions), button("start", Tr::new("new-game-start"), start_game)));
}

/// Shows the seat rows in play and the round limit.
fn show_choices(
    settings: Res<Settings>,
    colours: Res<SeatColours>,
    mut rows: Query<(&SeatRow, &mut Node)>,
    mut labels: Query<(&SeatLabel, &mut Tr, &mut TextColor)>,
    mut rounds: Query<&mut Tr, (With<RoundsText>, Without<SeatLabel>)>,
    added: Query<(), Added<SeatRow>>,
) {
    if !settings.is_changed() && !colours.is_changed() && added.is_empty() {
        return;
    }
    let seats = seats_for(settings.new_game.game, settings.new_game.players);
    for (row, mut node) in &mut rows {
        node.display = if row.0 < seats.len() { Display::Flex } else { Display::None };
    }
    for (label, mut tr, mut color) in &mut labels {
        if let Some(&seat) = seats.get(label.0) {
            let mark = theme::mark_symbol(theme::seat_mark(seat));
            *tr = Tr::new("seat-with-mark").with("mark", mark).with("seat", seat_id(seat));
            color.0 = colours.of(seat).lighter(0.15);
        }
    }
    for mut tr in &mut rounds {
        *tr = Tr::new("count").with("n", settings.new_game.rounds);
    }
}

/// Starts the game chosen: remembers the names, builds the match, plays.
fn start_game(
    _: On<Activate>,
    mut settings: ResMut<Settings>,
    inputs: Query<(&NameInput, &EditableText)>,
    mut matches: MessageWriter<MatchCommand>,
    mut next: ResMut<NextState<Screen>>,
    mut notice: ResMut<Notice>,
) {
    for (input, editable) in &inputs {
        if let Some(seat) = settings.new_game.seats.get_mut(input.0) {
            seat.name = editable.value().to_string().trim().to_owned();
        }
    }
    match new_match(&settings) {
        Ok(game) => {
            matches.write(MatchCommand::Replace(Box::new(game)));
            notice.0 = None;
            next.set(Screen::Gameplay);
        }
        Err(e) => notice.0 = Some(e),
    }
}

/// The match the new-game choices describe.
///
/// # Errors
/// A message if the choices make no valid game (they always should).
pub fn new_match(settings: &Settings) -> Result<Match, String> {
    let choices = &settings.new_game;
    let limits = Limits {
        rounds: NonZeroU32::new(choices.rounds),
        rounds_without_capture: choices.rounds_without_capture.and_then(NonZeroU32::new),
        clock: match choices.clock {
            Some(c) => Some(
                Clock::new(u64::from(c.minutes) * 60_000, u64::from(c.increment) * 1000)
                    .map_err(|e| e.to_string())?,
            ),
            None => None,
        },
    };
    let new = NewGame { players: choices.players, side: choices.side, position: None, limits };
    let game = choices.game.new_game(&new)?;
    let seats = game
        .seat_order()
        .into_iter()
        .enumerate()
        .map(|(i, seat)| {
            let chosen = choices.seats.get(i).cloned().unwrap_or_default();
            (seat, chosen.name, chosen.player)
        })
        .collect();
    let mut game = Match::new(game, seats);
    game.set_saved(true);
    Ok(game)
}
