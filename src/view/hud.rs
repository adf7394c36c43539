//! The heads-up display while playing: whose turn it is (colour, mark and
//! name), the round and its limits, each seat's captures (ARKES) or score
//! out of 12 (Arcanor) and clock, and a hint line that says what a click
//! will do. All text goes through the [`Locale`].

use bevy::prelude::*;
use game_core::Seat;

use crate::app_state::Screen;
use crate::app_state::{AppSystems, Overlay};
use crate::i18n::{Arg, Locale, Tr};
use crate::play::{AiThinking, ControllerHint, Match, Selection};
use crate::settings::Settings;
use crate::texts::{CLOCK_WARNING_MS, clock_text, seat_name};
use crate::theme::{self, SeatColours};
use crate::ui::{Bold, PANEL, TEXT};

/// The HUD's entities and their updates (the headless layout tests add it
/// without the 3D view).
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Gameplay), spawn_hud).add_systems(
        Update,
        (
            update_hud,
            update_hint,
            update_play_hint,
            hide_play_hint_in_review,
            arrange_for_window,
            hide_turn_in_lessons,
            update_online_line,
        )
            .in_set(AppSystems::View)
            .run_if(in_state(Screen::Gameplay)),
    );
}

/// The hint line at the bottom: what a click does now.
#[derive(Component)]
struct PlayHint;

/// The hint for the selection, as the game words it: how to start, or
/// what the next click does (an Arcanor duo moving whole: again, its top
/// piece alone; a top piece alone: again, drop).
/// The review's panel stands where the click help is: it goes meanwhile.
fn hide_play_hint_in_review(
    overlay: Option<Res<State<Overlay>>>,
    mut hints: Query<&mut Visibility, With<PlayHint>>,
) {
    let Some(overlay) = overlay else { return };
    let wanted = if *overlay.get() == Overlay::Review { Visibility::Hidden } else { Visibility::Inherited };
    for mut visibility in &mut hints {
        visibility.set_if_neq(wanted);
    }
}

fn update_play_hint(
    selection: Res<Selection>,
    game: Option<Res<Match>>,
    mut hints: Query<&mut Tr, With<PlayHint>>,
) {
    let Some(game) = game else { return };
    if !selection.is_changed() && !game.is_changed() {
        return;
    }
    let hint = game.displayed().click_help(selection.from, selection.whole);
    let wanted = match hint.top {
        Some(top) => Tr::new(hint.key).with("top", top),
        None => Tr::new(hint.key),
    };
    for mut tr in &mut hints {
        if *tr != wanted {
            *tr = wanted.clone();
        }
    }
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

/// The online game's line under the round: the room's code and who is
/// awaited (hidden in a game without remote seats).
#[derive(Component)]
struct OnlineText;

/// Says where the online game stands: the code to give while hosting, who
/// is awaited, or that everyone is there (and the last refusal, if any).
fn update_online_line(
    online: Option<Res<crate::online::Online>>,
    game: Option<Res<Match>>,
    locale: Res<Locale>,
    mut lines: Query<(&mut Tr, &mut Node), With<OnlineText>>,
    mut buttons: Query<&mut Node, (With<UndoQuestion>, Without<OnlineText>)>,
) {
    let wanted = match (online.as_deref(), game.as_deref()) {
        (Some(online), Some(game)) => {
            let room = online.code.to_string();
            let awaited: Vec<String> =
                online.awaited().into_iter().map(|s| seat_name(game, s, &locale)).collect();
            Some(match online.state {
                crate::online::OnlineState::Hosting => Tr::new("online-hosting").with("room", room),
                crate::online::OnlineState::Waiting if online.no_answer() => {
                    Tr::new("online-no-answer").with("room", room)
                }
                crate::online::OnlineState::Waiting if !online.is_host() => {
                    Tr::new("online-joining").with("room", room)
                }
                crate::online::OnlineState::Waiting => {
                    // The clocks stop while a player is awaited: say so.
                    let key = if game.game().limits().clock.is_some() {
                        "online-waiting-clocks"
                    } else {
                        "online-waiting"
                    };
                    Tr::new(key).with("room", room).with("names", awaited.join(", "))
                }
                _ if online.undo_question().is_some() => Tr::new("online-undo-asked").with("room", room),
                _ if online.rematch_question() => Tr::new("online-rematch-asked").with("room", room),
                _ if online.undo_asked() => Tr::new("online-undo-waiting").with("room", room),
                _ if online.undo_refused => Tr::new("online-undo-refused").with("room", room),
                crate::online::OnlineState::Connected if online.is_watching() => {
                    Tr::new("online-watching").with("room", room)
                }
                crate::online::OnlineState::Connected => {
                    let key = match online.note {
                        Some(crate::online::OnlineNote::FalseHost) => "online-false-host",
                        Some(crate::online::OnlineNote::Flood) => "online-flood",
                        Some(crate::online::OnlineNote::Refused) => "online-refused",
                        None => "online-connected",
                    };
                    Tr::new(key).with("room", room).with("watchers", online.watchers())
                }
            })
        }
        _ => None,
    };
    let asked = online.as_deref().is_some_and(|o| o.undo_question().is_some() || o.rematch_question());
    for mut node in &mut buttons {
        let display = if asked { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
    for (mut tr, mut node) in &mut lines {
        let display = if wanted.is_some() { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
        if let Some(wanted) = &wanted
            && *tr != *wanted
        {
            *tr = wanted.clone();
        }
    }
}

/// The Allow and Refuse buttons of the question on screen (the other
/// side's undo request, a guest's rematch request).
#[derive(Component)]
struct UndoQuestion;

/// The box of the turn and round lines, top left.
#[derive(Component)]
struct TurnBox;

/// A lesson or puzzle has its own panel at the top, which says what to do:
/// the turn's box (whose rounds mean nothing there) gives it the room.
fn hide_turn_in_lessons(
    learning: Option<Res<crate::learn::Learning>>,
    mut boxes: Query<&mut Node, With<TurnBox>>,
) {
    let on = learning.is_some_and(|l| l.0.is_some());
    let display = if on { Display::None } else { Display::Flex };
    for mut node in &mut boxes {
        if node.display != display {
            node.display = display;
        }
    }
}

/// The column of seat chips (a wrapping row in portrait windows).
#[derive(Component)]
struct SeatChips;

/// Lays the seat chips out for the window: a column at the right in
/// landscape; in portrait (a phone held upright, where the board fills the
/// width and leaves room above and below it) rows across the top.
fn arrange_for_window(
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut chips: Query<&mut Node, With<SeatChips>>,
) {
    let Ok(window) = windows.single() else { return };
    let portrait = crate::ui::is_portrait(window);
    for mut node in &mut chips {
        let direction = if portrait { FlexDirection::Row } else { FlexDirection::Column };
        if node.flex_direction != direction {
            node.flex_direction = direction;
            node.flex_wrap = if portrait { FlexWrap::Wrap } else { FlexWrap::NoWrap };
            node.justify_content = if portrait { JustifyContent::FlexEnd } else { JustifyContent::FlexStart };
            node.column_gap = px(6);
        }
    }
}

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
                TurnBox,
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
                // One line: "Game over" measured for wrapping came out two lines high.
                p.spawn((TurnText, plain(30.0), Bold, TextLayout::no_wrap(), Pickable::IGNORE));
                p.spawn((RoundText, plain(17.0), Pickable::IGNORE));
                p.spawn((
                    OnlineText,
                    // Hidden until an online game sets its text.
                    Tr::new("online-connected").with("room", "").with("watchers", 0_usize),
                    Text::new(""),
                    TextFont::from_font_size(17.0),
                    TextColor(theme::GOLD),
                    Node { display: Display::None, ..default() },
                    Pickable::IGNORE,
                ));
                p.spawn((UndoQuestion, Node { display: Display::None, column_gap: px(8), ..default() }))
                    .with_children(|row| {
                        row.spawn(crate::ui::sized_button(
                            "undo-allow",
                            Tr::new("online-undo-allow"),
                            17.0,
                            |_: On<bevy::ui_widgets::Activate>, mut replies: MessageWriter<crate::online::QuestionReply>| {
                                replies.write(crate::online::QuestionReply(true));
                            },
                        ));
                        row.spawn(crate::ui::sized_button(
                            "undo-refuse",
                            Tr::new("online-undo-refuse"),
                            17.0,
                            |_: On<bevy::ui_widgets::Activate>, mut replies: MessageWriter<crate::online::QuestionReply>| {
                                replies.write(crate::online::QuestionReply(false));
                            },
                        ));
                    });
            });
            hud.spawn((
                SeatChips,
                Node { flex_direction: FlexDirection::Column, row_gap: px(6), ..default() },
                Pickable::IGNORE,
            ))
            .with_children(|chips| {
                for seat in Seat::ALL {
                    chips.spawn((
                        SeatChip(seat),
                        plain(18.0),
                        // One line: the chips are as wide as their longest
                        // text, which otherwise could break at the last space.
                        TextLayout::no_wrap(),
                        Node {
                            padding: UiRect::axes(px(14), px(6)),
                            // Always there, coloured only for the seat to
                            // move: the chip keeps its size when the turn
                            // passes.
                            border: UiRect::all(px(2)),
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
        PlayHint,
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

fn update_hud(
    game: Option<Res<Match>>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    colours: Res<SeatColours>,
    thinking: Res<AiThinking>,
    time: Res<Time>,
    mut turn: Query<(&mut Text, &mut TextColor), (With<TurnText>, Without<RoundText>, Without<SeatChip>)>,
    mut round: Query<&mut Text, (With<RoundText>, Without<TurnText>, Without<SeatChip>)>,
    mut chips: Query<
        (&SeatChip, &mut Text, &mut TextColor, &mut TextFont, &mut Node, &mut BorderColor),
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
    let to_move = g.to_move();
    if let Ok((mut text, mut color)) = turn.single_mut() {
        let value = if g.outcome().is_some() {
            locale.t("game-over")
        } else {
            let mark = theme::mark_symbol(theme::seat_mark(to_move));
            locale
                .t_args("turn", &[("mark", mark.into()), ("name", seat_name(&game, to_move, &locale).into())])
        };
        set_text(&mut text, value);
        color.0 = if g.outcome().is_some() { Color::WHITE } else { colours.of(to_move).lighter(0.2) };
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
    let seats: Vec<Seat> = game.seats();
    let position = g.position();
    for (chip, mut text, mut color, mut font, mut node, mut border) in &mut chips {
        let seat = chip.0;
        if !seats.contains(&seat) {
            node.display = Display::None;
            continue;
        }
        node.display = Display::Flex;
        let out = !position.seats_in().contains(seat);
        let mark = theme::mark_symbol(theme::seat_mark(seat));
        let name = seat_name(&game, seat, &locale);
        let mut line = match position.score(seat) {
            Some(points) => locale.t_args(
                "seat-chip-points",
                &[("mark", mark.into()), ("name", name.into()), ("points", u32::from(points).into())],
            ),
            None => locale.t_args(
                "seat-chip",
                &[("mark", mark.into()), ("name", name.into()), ("captures", g.captures()[seat].into())],
            ),
        };
        let size = if position.score(seat).is_some() { 26.0 } else { 18.0 };
        if font.font_size != size.into() {
            font.font_size = size.into();
        }
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
            colours.of(seat).lighter(0.25)
        };
        let active = seat == to_move && g.outcome().is_none();
        let ring = if active { colours.of(seat).lighter(0.3) } else { Color::NONE };
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
