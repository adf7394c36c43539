//! The new-game set-up: players, each seat's name and player, board side,
//! limits and clock. The choices are kept in the settings, so the last ones
//! come back next time.

use std::num::NonZeroU32;

use arkes_engine::{Clock, Limits, Seat, Setup};
use bevy::prelude::*;
use bevy::text::EditableText;
use bevy::ui_widgets::Activate;

use super::choices::{Choice, choice_button};
use super::{Notice, Screen};
use crate::AppSystems;
use crate::game::{BoardReset, Match};
use crate::i18n::{Tr, seat_id};
use crate::options::PlayerKind;
use crate::settings::{ClockChoice, Settings};
use crate::theme;
use crate::ui::{TEXT, button, label, panel, row, screen_root, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::NewGame), spawn_new_game)
        .add_systems(Update, show_choices.run_if(in_state(Screen::NewGame)).in_set(AppSystems::View));
}

/// The seats in play for `players` players, in turn order (R2).
#[must_use]
pub fn seats_for(players: usize) -> Vec<Seat> {
    Setup::standard(players, 9).map(|s| s.seats).unwrap_or_else(|_| vec![Seat::South, Seat::North])
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

const CLOCKS: [Option<(u32, u32)>; 5] = [None, Some((5, 0)), Some((10, 5)), Some((15, 10)), Some((30, 0))];

fn spawn_new_game(mut commands: Commands, settings: Res<Settings>) {
    let choices = &settings.new_game;
    let root = commands.spawn((screen_root("new game", 0.55), DespawnOnExit(Screen::NewGame))).id();
    let form = commands.spawn((panel(10.0), ChildOf(root))).id();
    commands.entity(form).insert(Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(10),
        padding: UiRect::all(px(24)),
        border_radius: BorderRadius::all(px(14)),
        min_width: px(720),
        ..default()
    });
    commands.spawn((ChildOf(form), text(Tr::new("new-game-title"), 34.0, theme::GOLD)));

    let players = commands.spawn((ChildOf(form), row(8.0))).id();
    commands.spawn((
        ChildOf(players),
        label(Tr::new("new-game-players")),
        Node { width: px(250), flex_shrink: 0.0, ..default() },
    ));
    for n in 2..=4 {
        commands.spawn((
            ChildOf(players),
            choice_button(&format!("players-{n}"), Tr::new("count").with("n", n), Choice::Players(n)),
        ));
    }

    for i in 0..4 {
        let seat_row = commands.spawn((ChildOf(form), row(8.0), SeatRow(i))).id();
        commands.spawn((
            ChildOf(seat_row),
            SeatLabel(i),
            text(Tr::new("seat-south"), 20.0, TEXT),
            Node { width: px(250), flex_shrink: 0.0, ..default() },
        ));
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
                width: px(220),
                padding: UiRect::axes(px(8), px(4)),
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::all(px(6)),
                ..default()
            },
            BackgroundColor(Color::srgb(0.13, 0.13, 0.14)),
            BorderColor::all(Color::srgb(0.4, 0.38, 0.33)),
        ));
        for kind in PlayerKind::choices() {
            commands.spawn((
                ChildOf(seat_row),
                choice_button(
                    &format!("seat-{i}-{}", kind.id()),
                    Tr::new(kind.key()),
                    Choice::SeatPlayer(i, kind),
                ),
            ));
        }
    }

    let side = commands.spawn((ChildOf(form), row(8.0))).id();
    commands.spawn((
        ChildOf(side),
        label(Tr::new("new-game-board")),
        Node { width: px(250), flex_shrink: 0.0, ..default() },
    ));
    for s in [5u8, 7, 9, 11] {
        commands.spawn((
            ChildOf(side),
            choice_button(
                &format!("side-{s}"),
                Tr::new("board-size").with("n", u32::from(s)),
                Choice::Side(s),
            ),
        ));
    }

    let rounds = commands.spawn((ChildOf(form), row(8.0))).id();
    commands.spawn((
        ChildOf(rounds),
        label(Tr::new("new-game-rounds")),
        Node { width: px(250), flex_shrink: 0.0, ..default() },
    ));
    commands.spawn((ChildOf(rounds), choice_button("rounds-down", Tr::new("minus"), Choice::RoundsBy(-10))));
    commands.spawn((
        ChildOf(rounds),
        RoundsText,
        label(Tr::new("count").with("n", choices.rounds)),
        Node { width: px(60), justify_content: JustifyContent::Center, ..default() },
    ));
    commands.spawn((ChildOf(rounds), choice_button("rounds-up", Tr::new("plus"), Choice::RoundsBy(10))));

    let capture = commands.spawn((ChildOf(form), row(8.0))).id();
    commands.spawn((
        ChildOf(capture),
        label(Tr::new("new-game-capture-limit")),
        Node { width: px(250), flex_shrink: 0.0, ..default() },
    ));
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

    let clock = commands.spawn((ChildOf(form), row(8.0))).id();
    commands.spawn((
        ChildOf(clock),
        label(Tr::new("new-game-clock")),
        Node { width: px(250), flex_shrink: 0.0, ..default() },
    ));
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
    mut rows: Query<(&SeatRow, &mut Node)>,
    mut labels: Query<(&SeatLabel, &mut Tr, &mut TextColor)>,
    mut rounds: Query<&mut Tr, (With<RoundsText>, Without<SeatLabel>)>,
    added: Query<(), Added<SeatRow>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    let seats = seats_for(settings.new_game.players);
    for (row, mut node) in &mut rows {
        node.display = if row.0 < seats.len() { Display::Flex } else { Display::None };
    }
    for (label, mut tr, mut color) in &mut labels {
        if let Some(&seat) = seats.get(label.0) {
            let mark = theme::mark_symbol(theme::seat_mark(seat));
            *tr = Tr::new("seat-with-mark").with("mark", mark).with("seat", seat_id(seat));
            color.0 = theme::seat_color(seat).lighter(0.15);
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
    mut commands: Commands,
    mut resets: MessageWriter<BoardReset>,
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
            commands.insert_resource(game);
            resets.write(BoardReset);
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
    let setup = Setup::standard(choices.players, choices.side).map_err(|e| e.to_string())?;
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
    let seats = setup
        .seats
        .iter()
        .enumerate()
        .map(|(i, &seat)| {
            let chosen = choices.seats.get(i).cloned().unwrap_or_default();
            (seat, chosen.name, chosen.player)
        })
        .collect();
    let mut game = Match::from_setup(setup, limits, seats)?;
    game.set_saved(true);
    Ok(game)
}
