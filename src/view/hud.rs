//! The heads-up display: whose turn it is (colour, mark and name), the round
//! and its limit, each seat's captures, the outcome with its reason, and a
//! hint line.

use arkes_engine::{DrawReason, Outcome, Seat, WinReason};
use bevy::prelude::*;

use crate::AppSystems;
use crate::game::Match;
use crate::theme;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, (load_fonts, spawn_hud).chain())
        .add_systems(Update, update_hud.in_set(AppSystems::View));
}

/// The UI fonts (DejaVu Sans, subset; see `tools/make-fonts.sh`), built into
/// the binary so they load the same way natively and on the web.
#[derive(Resource, Clone)]
pub struct Fonts {
    /// Regular weight.
    pub regular: Handle<Font>,
    /// Bold weight.
    pub bold: Handle<Font>,
}

fn load_fonts(mut commands: Commands, mut fonts: ResMut<Assets<Font>>) {
    let regular = Font::from_bytes(include_bytes!("../../assets/fonts/DejaVuSans-subset.ttf").to_vec());
    let bold = Font::from_bytes(include_bytes!("../../assets/fonts/DejaVuSans-Bold-subset.ttf").to_vec());
    // Text without an explicit font uses the default handle: make it DejaVu.
    let _ = fonts.insert(AssetId::default(), regular.clone());
    commands.insert_resource(Fonts { regular: fonts.add(regular), bold: fonts.add(bold) });
}

#[derive(Component)]
struct TurnText;

#[derive(Component)]
struct RoundText;

#[derive(Component)]
struct SeatChip(Seat);

#[derive(Component)]
struct OutcomePanel;

#[derive(Component)]
struct OutcomeText;

fn text(fonts: &Fonts, bold: bool, size: f32, value: impl Into<String>, color: Color) -> impl Bundle {
    (
        Text::new(value),
        TextFont::from(if bold { fonts.bold.clone() } else { fonts.regular.clone() }).with_font_size(size),
        TextColor(color),
    )
}

/// A dark rounded panel laid out by `node` (padding and corners are set here).
fn panel(node: Node) -> impl Bundle {
    (
        BackgroundColor(Color::srgba(0.06, 0.06, 0.07, 0.72)),
        Node { padding: UiRect::axes(px(14), px(8)), border_radius: BorderRadius::all(px(10)), ..node },
    )
}

fn spawn_hud(mut commands: Commands, fonts: Res<Fonts>) {
    let light = Color::srgb(0.93, 0.92, 0.88);
    commands
        .spawn((
            Name::new("hud"),
            Node {
                position_type: PositionType::Absolute,
                top: px(12),
                left: px(12),
                right: px(12),
                justify_content: JustifyContent::SpaceBetween,
                align_items: AlignItems::FlexStart,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|hud| {
            hud.spawn(panel(Node { flex_direction: FlexDirection::Column, row_gap: px(2), ..default() }))
                .with_children(|p| {
                    p.spawn((TurnText, text(&fonts, true, 30.0, "", light)));
                    p.spawn((RoundText, text(&fonts, false, 17.0, "", light)));
                });
            hud.spawn(Node { flex_direction: FlexDirection::Column, row_gap: px(6), ..default() })
                .with_children(|chips| {
                    for seat in Seat::ALL {
                        chips.spawn((
                            SeatChip(seat),
                            panel(Node::default()),
                            text(&fonts, false, 18.0, "", light),
                        ));
                    }
                });
        });
    commands
        .spawn((
            Name::new("outcome"),
            OutcomePanel,
            Visibility::Hidden,
            // Low on the screen, so the celebration on the golden cell shows.
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                bottom: px(48),
                justify_content: JustifyContent::Center,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|o| {
            o.spawn((
                BackgroundColor(Color::srgba(0.05, 0.05, 0.06, 0.85)),
                BorderColor::all(theme::GOLD),
                Node {
                    padding: UiRect::axes(px(28), px(18)),
                    border: UiRect::all(px(2)),
                    border_radius: BorderRadius::all(px(14)),
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    ..default()
                },
            ))
            .with_children(|p| {
                p.spawn((OutcomeText, text(&fonts, true, 34.0, "", light)));
                p.spawn(text(&fonts, false, 18.0, "Press R to play again", light));
            });
        });
    commands.spawn((
        Name::new("hint"),
        Node { position_type: PositionType::Absolute, bottom: px(10), left: px(14), ..default() },
        text(
            &fonts,
            false,
            15.0,
            "Click a piece, then where it goes  ·  drag to turn the board, wheel or pinch to zoom  ·  R: restart",
            Color::srgba(0.9, 0.9, 0.88, 0.75),
        ),
        Pickable::IGNORE,
    ));
}

/// The outcome in words, for the HUD.
#[must_use]
pub fn outcome_text(game: &Match, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(w) => {
            let why = match w.reason {
                WinReason::GoldenCell => "marble on the golden cell",
                WinReason::LastMarble => "last marble standing",
            };
            format!("{} wins — {why}", game.seat(w.seat).name)
        }
        Outcome::Draw(reason) => match reason {
            DrawReason::RoundLimit => "Draw — round limit reached".to_owned(),
            DrawReason::CaptureLimit => "Draw — too many rounds without a capture".to_owned(),
            DrawReason::AllClocksOut => "Draw — every clock ran out".to_owned(),
        },
    }
}

fn update_hud(
    game: Option<Res<Match>>,
    mut turn: Query<(&mut Text, &mut TextColor), (With<TurnText>, Without<RoundText>, Without<SeatChip>)>,
    mut round: Query<
        &mut Text,
        (With<RoundText>, Without<TurnText>, Without<SeatChip>, Without<OutcomeText>),
    >,
    mut chips: Query<
        (&SeatChip, &mut Text, &mut TextColor, &mut Node, &mut BorderColor),
        (Without<TurnText>, Without<RoundText>, Without<OutcomeText>),
    >,
    mut outcome_panel: Query<&mut Visibility, With<OutcomePanel>>,
    mut outcome_text_q: Query<
        &mut Text,
        (With<OutcomeText>, Without<TurnText>, Without<RoundText>, Without<SeatChip>),
    >,
) {
    let Some(game) = game else { return };
    if !game.is_changed() {
        return;
    }
    let g = game.game();
    let to_move = g.position().to_move();
    if let Ok((mut text, mut color)) = turn.single_mut() {
        let mark = theme::mark_symbol(theme::seat_mark(to_move));
        text.0 = if g.outcome().is_some() {
            "Game over".to_owned()
        } else {
            format!("{mark} {} to move", game.seat(to_move).name)
        };
        color.0 = if g.outcome().is_some() { Color::WHITE } else { theme::seat_color(to_move).lighter(0.15) };
    }
    if let Ok(mut text) = round.single_mut() {
        let limit = g.limits().rounds.map(|n| format!(" of {n}")).unwrap_or_default();
        let mut line = format!("Round {}{limit}", g.round());
        if let Some(k) = g.limits().rounds_without_capture {
            line.push_str(&format!("  ·  {} of {k} without capture", g.rounds_without_capture()));
        }
        text.0 = line;
    }
    let seats: Vec<Seat> = game.seats().collect();
    for (chip, mut text, mut color, mut node, mut border) in &mut chips {
        let seat = chip.0;
        if !seats.contains(&seat) {
            node.display = Display::None;
            continue;
        }
        node.display = Display::Flex;
        let out = !g.position().seats_in().contains(seat);
        let mark = theme::mark_symbol(theme::seat_mark(seat));
        let captures = g.captures()[seat];
        let status = if out { "  out" } else { "" };
        text.0 = format!("{mark} {}   captures {captures}{status}", game.seat(seat).name);
        color.0 = if out { Color::srgba(0.7, 0.7, 0.7, 0.6) } else { theme::seat_color(seat).lighter(0.2) };
        let active = seat == to_move && g.outcome().is_none();
        node.border = UiRect::all(px(if active { 2 } else { 0 }));
        *border = BorderColor::all(theme::seat_color(seat).lighter(0.25));
    }
    if let (Ok(mut visibility), Ok(mut text)) = (outcome_panel.single_mut(), outcome_text_q.single_mut()) {
        match g.outcome() {
            Some(outcome) => {
                text.0 = outcome_text(&game, outcome);
                *visibility = Visibility::Visible;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}
