//! The heads-up display while playing: whose turn it is (colour, mark and
//! name), the round and its limits, each seat's captures and clock, and a
//! hint line. All text goes through the [`Locale`].

use arkes_engine::{DrawReason, Outcome, Seat, WinReason};
use bevy::prelude::*;

use crate::AppSystems;
use crate::game::{AiThinking, ControllerHint, Match};
use crate::i18n::{Arg, Locale, Tr, seat_id};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme;
use crate::ui::{Bold, PANEL, TEXT};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Gameplay), spawn_hud).add_systems(
        Update,
        (update_hud, update_hint).in_set(AppSystems::View).run_if(in_state(Screen::Gameplay)),
    );
}

#[derive(Component)]
struct ControllerHintText;

/// Controller messages (a pad joined, a pad that plays no seat…).
fn update_hint(
    hint: Res<ControllerHint>,
    game: Option<Res<Match>>,
    locale: Res<Locale>,
    mut texts: Query<(&mut Text, &mut Visibility), With<ControllerHintText>>,
) {
    if !hint.is_changed() && !locale.is_changed() {
        return;
    }
    for (mut text, mut visibility) in &mut texts {
        match (&hint.message, &game) {
            (Some((key, seat)), Some(game)) => {
                let name = seat.map(|s| seat_name(game, s, &locale)).unwrap_or_default();
                set_text(&mut text, locale.t_args(key, &[("name", name.into())]));
                *visibility = Visibility::Inherited;
            }
            _ => *visibility = Visibility::Hidden,
        }
    }
}

#[derive(Component)]
struct TurnText;

#[derive(Component)]
struct RoundText;

#[derive(Component)]
struct SeatChip(Seat);

/// Below this many milliseconds a clock shows tenths and turns red.
const CLOCK_WARNING_MS: u64 = 10_000;

fn plain(size: f32) -> impl Bundle {
    (Text::new(""), TextFont::from_font_size(size), TextColor(TEXT))
}

fn spawn_hud(mut commands: Commands) {
    commands
        .spawn((
            Name::new("hud"),
            DespawnOnExit(Screen::Gameplay),
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
            hud.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(2),
                    padding: UiRect::axes(px(16), px(10)),
                    border_radius: BorderRadius::all(px(10)),
                    ..default()
                },
                BackgroundColor(PANEL.with_alpha(0.75)),
                Pickable::IGNORE,
            ))
            .with_children(|p| {
                p.spawn((TurnText, plain(30.0), Bold, Pickable::IGNORE));
                p.spawn((RoundText, plain(17.0), Pickable::IGNORE));
            });
            hud.spawn((
                Node { flex_direction: FlexDirection::Column, row_gap: px(6), ..default() },
                Pickable::IGNORE,
            ))
            .with_children(|chips| {
                for seat in Seat::ALL {
                    chips.spawn((
                        SeatChip(seat),
                        plain(18.0),
                        Node {
                            padding: UiRect::axes(px(14), px(6)),
                            border_radius: BorderRadius::all(px(10)),
                            ..default()
                        },
                        BackgroundColor(PANEL.with_alpha(0.75)),
                        BorderColor::all(Color::NONE),
                        Pickable::IGNORE,
                    ));
                }
            });
        });
    commands.spawn((
        Name::new("controller hint"),
        DespawnOnExit(Screen::Gameplay),
        ControllerHintText,
        Node {
            position_type: PositionType::Absolute,
            bottom: px(64),
            width: percent(100),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Text::new(""),
        TextLayout::justify(Justify::Center),
        TextFont::from_font_size(22.0),
        TextColor(theme::GOLD),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
    commands.spawn((
        Name::new("hint"),
        DespawnOnExit(Screen::Gameplay),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(18),
            left: px(14),
            max_width: percent(55),
            ..default()
        },
        Tr::new("hint-play"),
        TextFont::from_font_size(15.0),
        TextColor(TEXT.with_alpha(0.7)),
        Pickable::IGNORE,
    ));
}

/// A seat's name: the one given, or the seat's name in the current language.
#[must_use]
pub fn seat_name(game: &Match, seat: Seat, locale: &Locale) -> String {
    let name = &game.seat(seat).name;
    if name.trim().is_empty() {
        locale.t_args("seat-name", &[("seat", seat_id(seat).into())])
    } else {
        name.clone()
    }
}

/// The outcome in words.
#[must_use]
pub fn outcome_text(game: &Match, outcome: Outcome, locale: &Locale) -> String {
    match outcome {
        Outcome::Win(w) => {
            let key = match w.reason {
                WinReason::GoldenCell => "outcome-golden-cell",
                WinReason::LastMarble => "outcome-last-marble",
            };
            locale.t_args(key, &[("name", seat_name(game, w.seat, locale).into())])
        }
        Outcome::Draw(reason) => locale.t(match reason {
            DrawReason::RoundLimit => "outcome-round-limit",
            DrawReason::CaptureLimit => "outcome-capture-limit",
            DrawReason::Repetition => "outcome-repetition",
        }),
    }
}

/// A clock: minutes and seconds, with tenths under ten seconds.
#[must_use]
pub fn clock_text(ms: u64) -> String {
    if ms < CLOCK_WARNING_MS {
        format!("{}.{}", ms / 1000, (ms % 1000) / 100)
    } else {
        let s = ms.div_ceil(1000);
        format!("{}:{:02}", s / 60, s % 60)
    }
}

fn update_hud(
    game: Option<Res<Match>>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    thinking: Res<AiThinking>,
    time: Res<Time>,
    mut turn: Query<(&mut Text, &mut TextColor), (With<TurnText>, Without<RoundText>, Without<SeatChip>)>,
    mut round: Query<&mut Text, (With<RoundText>, Without<TurnText>, Without<SeatChip>)>,
    mut chips: Query<
        (&SeatChip, &mut Text, &mut TextColor, &mut Node, &mut BorderColor),
        (Without<TurnText>, Without<RoundText>),
    >,
) {
    let Some(game) = game else { return };
    let clocks = game.game().limits().clock.is_some();
    // Clocks change every frame; everything else when the match does.
    if !game.is_changed()
        && !locale.is_changed()
        && !settings.is_changed()
        && !clocks
        && thinking.seat().is_none()
    {
        return;
    }
    let g = game.game();
    let to_move = g.position().to_move();
    if let Ok((mut text, mut color)) = turn.single_mut() {
        let value = if g.outcome().is_some() {
            locale.t("game-over")
        } else {
            let mark = theme::mark_symbol(theme::seat_mark(to_move));
            locale
                .t_args("turn", &[("mark", mark.into()), ("name", seat_name(&game, to_move, &locale).into())])
        };
        set_text(&mut text, value);
        color.0 = if g.outcome().is_some() { Color::WHITE } else { theme::seat_color(to_move).lighter(0.2) };
    }
    if let Ok(mut text) = round.single_mut() {
        let mut args: Vec<(&str, Arg)> = vec![("round", g.round().into())];
        let key = match g.limits().rounds {
            Some(n) => {
                args.push(("limit", n.get().into()));
                "round-of"
            }
            None => "round",
        };
        let mut line = locale.t_args(key, &args);
        if let Some(k) = g.limits().rounds_without_capture {
            line.push_str("  ·  ");
            line.push_str(&locale.t_args(
                "without-capture",
                &[("n", g.rounds_without_capture().into()), ("limit", k.get().into())],
            ));
        }
        set_text(&mut text, line);
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
        let mut line = locale.t_args(
            "seat-chip",
            &[
                ("mark", mark.into()),
                ("name", seat_name(&game, seat, &locale).into()),
                ("captures", g.captures()[seat].into()),
            ],
        );
        let clock = g.clock_ms(seat);
        if let Some(ms) = clock {
            line.push_str("   ");
            line.push_str(&clock_text(ms));
        }
        if out {
            line.push_str("   ");
            line.push_str(&locale.t("seat-out"));
        } else if thinking.seat() == Some(seat) {
            // Dots that come and go while the computer thinks.
            let dots = (time.elapsed_secs() * 3.0) as usize % 4;
            line.push_str("   ");
            line.push_str(locale.t("thinking").trim_end_matches('…'));
            line.push_str(&".".repeat(dots));
        }
        set_text(&mut text, line);
        let warning = clock.is_some_and(|ms| ms < CLOCK_WARNING_MS) && !out;
        color.0 = if out {
            Color::srgba(0.7, 0.7, 0.7, 0.6)
        } else if warning {
            Color::srgb(1.0, 0.35, 0.3)
        } else {
            theme::seat_color(seat).lighter(0.25)
        };
        let active = seat == to_move && g.outcome().is_none();
        let width = px(if active { 2 } else { 0 });
        if node.border.left != width {
            node.border = UiRect::all(width);
        }
        let ring = theme::seat_color(seat).lighter(0.3);
        if border.top != ring {
            *border = BorderColor::all(ring);
        }
    }
}

/// Sets a text only when it differs (so unchanged text is not laid out again).
fn set_text(text: &mut Text, value: String) {
    if text.0 != value {
        text.0 = value;
    }
}

#[cfg(test)]
mod tests {
    use super::clock_text;

    #[test]
    fn clocks_show_tenths_under_ten_seconds() {
        assert_eq!(clock_text(600_000), "10:00");
        assert_eq!(clock_text(61_001), "1:02");
        assert_eq!(clock_text(10_000), "0:10");
        assert_eq!(clock_text(9_999), "9.9");
        assert_eq!(clock_text(450), "0.4");
    }
}
