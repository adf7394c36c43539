//! The move list: the last rounds (or those around the move under review),
//! one line a round, one column a seat; a click on a move shows the position
//! after it. Each move the coach has judged carries its verdict's symbol in
//! its colour (`?!`, `?`, `??`, `★`), and a move played after a hint a `◇`.
//! On the review screen it stands at the left, shorter, and a click shows
//! that move in the review.

use bevy::prelude::*;
use bevy::ui_widgets::Activate;
use game_core::Seat;

use crate::app_state::AppSystems;
use crate::app_state::{Overlay, Screen};
use crate::coach::{GameReview, ReviewFocus};
use crate::i18n::{Locale, Tr};
use crate::play::{HistoryCommand, Match};
use crate::theme::{self, SeatColours};
use crate::ui::{PANEL, TEXT_DIM, row, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Gameplay), spawn_move_list).add_systems(
        Update,
        (update_move_list, hide_in_portrait).in_set(AppSystems::View).run_if(in_state(Screen::Gameplay)),
    );
}

/// In a portrait window the board fills the width, and in a short one
/// (under 540 pixels, a phone on its side) it fills the height: the list
/// would cover it, so it is hidden there (the board still marks the last
/// move).
fn hide_in_portrait(
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut lists: Query<&mut Node, With<MoveList>>,
) {
    let Ok(window) = windows.single() else { return };
    let hidden = crate::ui::is_portrait(window) || window.height() < 540.0;
    let display = if hidden { Display::None } else { Display::Flex };
    for mut node in &mut lists {
        if node.display != display {
            node.display = display;
        }
    }
}

/// How many rounds the move list shows at once.
const LIST_ROUNDS: u32 = 14;

/// How many on the review screen, where the review's panel takes the
/// bottom of the window.
const REVIEW_ROUNDS: u32 = 5;

/// The mark of a move played after a hint.
const HINT_MARK: &str = "◇";

#[derive(Component)]
struct MoveList;

/// A move of the list: showing the position after `plies` plies.
#[derive(Component, Clone, Copy)]
struct MoveEntry(usize);

fn spawn_move_list(mut commands: Commands) {
    commands.spawn((
        Name::new("move list"),
        MoveList,
        DespawnOnExit(Screen::Gameplay),
        Node {
            position_type: PositionType::Absolute,
            right: px(14),
            top: px(230),
            flex_direction: FlexDirection::Column,
            row_gap: px(2),
            padding: UiRect::all(px(10)),
            border_radius: BorderRadius::all(px(10)),
            min_width: px(180),
            ..default()
        },
        BackgroundColor(PANEL.with_alpha(0.7)),
    ));
}

/// Rebuilds the move list: the last rounds (or those around the move under
/// review), one line a round, one column a seat.
#[allow(clippy::too_many_arguments)]
fn update_move_list(
    game: Option<Res<Match>>,
    locale: Res<Locale>,
    colours: Res<SeatColours>,
    review: Res<GameReview>,
    focus: Res<ReviewFocus>,
    overlay: Option<Res<State<Overlay>>>,
    mut list: Query<(Entity, Option<&Children>, &mut Node), With<MoveList>>,
    mut commands: Commands,
) {
    let (Some(game), Ok((list, children, mut node))) = (game, list.single_mut()) else { return };
    let overlay_changed = overlay.as_ref().is_some_and(|o| o.is_changed());
    if !game.is_changed()
        && !locale.is_changed()
        && !colours.is_changed()
        && !review.is_changed()
        && !focus.is_changed()
        && !overlay_changed
        && children.is_some()
    {
        return;
    }
    let in_review = overlay.is_some_and(|o| *o.get() == Overlay::Review);
    // At the left on the review screen, below the turn's box; at the right
    // under the seats' chips otherwise.
    let (left, right, top) =
        if in_review { (px(14), Val::Auto, px(110)) } else { (Val::Auto, px(14), px(230)) };
    if node.left != left || node.right != right || node.top != top {
        node.left = left;
        node.right = right;
        node.top = top;
    }
    if let Some(children) = children {
        for child in children {
            commands.entity(*child).despawn();
        }
    }
    let g = game.game();
    let seats: Vec<Seat> = game.seats();
    let info = g.ply_info();
    let texts = g.ply_texts();
    let last_round = info.last().map_or(1, |i| i.round);
    // The ply shown: the review's, or the position's under review.
    let selected = if in_review { focus.0 } else { game.reviewing() };
    let focus_round = selected.and_then(|n| info.get(n.saturating_sub(1))).map_or(last_round, |i| i.round);
    let rounds = if in_review { REVIEW_ROUNDS } else { LIST_ROUNDS };
    let first_round = focus_round.saturating_sub(rounds - 1).max(1);
    // Room for a verdict's symbol and a hint's mark when there are any.
    let marked = review.progress().0 > 0 || !game.hinted_plies().is_empty();
    let chars = game.kind().move_chars() + if marked { 4 } else { 0 };
    commands.spawn((ChildOf(list), text(Tr::new("moves-title"), 18.0, theme::GOLD)));
    if first_round > 1 {
        commands.spawn((ChildOf(list), Text::new("…"), TextColor(TEXT_DIM), TextFont::from_font_size(14.0)));
    }
    for round in first_round..=focus_round.max(first_round).min(last_round) {
        let line = commands.spawn((ChildOf(list), row(6.0))).id();
        commands.spawn((
            ChildOf(line),
            Text::new(format!("{round}.")),
            TextFont::from_font_size(15.0),
            TextColor(TEXT_DIM),
            Node { width: px(30), ..default() },
        ));
        for &seat in &seats {
            let ply = info.iter().position(|i| i.round == round && i.mover == seat);
            let label = match ply.map(|p| &texts[p]) {
                Some(Some(mv)) => mv.clone(),
                Some(None) if g.is_resignation(ply.map_or(0, |p| p + 1)) => locale.t("resign-short"),
                Some(None) => locale.t("timeout-short"),
                None => String::new(),
            };
            let shown = ply.is_some_and(|p| selected == Some(p + 1));
            let cell = commands
                .spawn((
                    ChildOf(line),
                    Node {
                        // 12 pixels a character of the longest notation and
                        // its marks, and a margin.
                        width: px(12.0 * chars as f32 + 2.0),
                        padding: UiRect::horizontal(px(3)),
                        ..default()
                    },
                    BackgroundColor(if shown { theme::GOLD.with_alpha(0.35) } else { Color::NONE }),
                ))
                .id();
            if let Some(p) = ply {
                commands.entity(cell).insert((
                    MoveEntry(p + 1),
                    bevy::ui_widgets::Button,
                    bevy::ui_widgets::observe(
                        |activate: On<Activate>,
                         entries: Query<&MoveEntry>,
                         overlay: Option<Res<State<Overlay>>>,
                         mut focus: ResMut<ReviewFocus>,
                         mut h: MessageWriter<HistoryCommand>| {
                            let Ok(entry) = entries.get(activate.entity) else { return };
                            if overlay.is_some_and(|o| *o.get() == Overlay::Review) {
                                focus.0 = Some(entry.0);
                            } else {
                                h.write(HistoryCommand::Review(entry.0));
                            }
                        },
                    ),
                ));
            }
            let text = commands
                .spawn((
                    ChildOf(cell),
                    Text::new(label),
                    TextFont::from_font_size(15.0),
                    TextColor(colours.of(seat).lighter(0.25)),
                    Pickable::IGNORE,
                ))
                .id();
            let Some(p) = ply else { continue };
            if let Some(judged) = review.ply(p + 1) {
                let symbol = theme::verdict_symbol(judged.verdict);
                if !symbol.is_empty() {
                    commands.spawn((
                        ChildOf(text),
                        TextSpan::new(format!(" {symbol}")),
                        TextFont::from_font_size(15.0),
                        TextColor(theme::verdict_color(judged.verdict)),
                    ));
                }
            }
            if game.hinted_plies().contains(&(p + 1)) {
                commands.spawn((
                    ChildOf(text),
                    TextSpan::new(format!(" {HINT_MARK}")),
                    TextFont::from_font_size(15.0),
                    TextColor(theme::BEST_MOVE),
                ));
            }
        }
    }
}
