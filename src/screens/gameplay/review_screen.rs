//! The coach's review screen ([`Overlay::Review`]), over the board: the
//! evaluation graph (a line per seat), the ply shown (its move, verdict,
//! the best move and the mover's win chance before and after), each seat's
//! inaccuracies, mistakes and blunders, and "try again from here". The
//! board shows the position before the ply, with the move played and the
//! best move drawn ([`crate::view::coach_marks`]); the move list marks each
//! move's verdict.
//!
//! Mouse and touch: the buttons, a press on the graph, a move of the list.
//! Keyboard: ← → a ply, ↑ ↓ the previous or next flagged move, Enter tries
//! again, Esc goes back to the game. Gamepad: the D-pad likewise, A tries
//! again, B or Start goes back.

use bevy::asset::RenderAssetUsages;
use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::ui_widgets::Activate;
use game_core::Seat;
use games::Verdict;

use super::graph::{self, GraphLine, GraphSize};
use crate::app_state::{AppSystems, Overlay};
use crate::coach::{GameReview, ReviewCommand, ReviewFocus, TryAgainCommand};
use crate::i18n::{Locale, Tr};
use crate::play::{HistoryCommand, Match};
use crate::texts::seat_name;
use crate::theme::{self, SeatColours};
use crate::ui::{PANEL, TEXT, TEXT_DIM, sized_button, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Review), (start_review, spawn_review_panel))
        .add_systems(OnExit(Overlay::Review), leave_review)
        .add_systems(
            Update,
            (review_keys, review_gamepad).in_set(AppSystems::Input).run_if(in_state(Overlay::Review)),
        )
        .add_systems(
            Update,
            (show_focus, update_panel, draw_graph).chain().in_set(AppSystems::View).run_if(in_state(Overlay::Review)),
        );
}

/// The graph's picture size, in pixels (the node stretches it).
const GRAPH_SIZE: (u32, u32) = (720, 160);

/// The review's graph (automation reports where it is).
#[derive(Component)]
pub struct ReviewGraph;

#[derive(Component)]
struct ProgressText;

#[derive(Component)]
struct ProgressFill;

#[derive(Component)]
struct PlyText;

#[derive(Component)]
struct BestText;

#[derive(Component)]
struct CountsText;

#[derive(Component)]
struct TryAgainButton;

#[derive(Component)]
struct StopButton;

/// The flagged plies (an inaccuracy or worse), in order.
fn flagged(review: &GameReview, total: usize) -> Vec<usize> {
    (1..=total).filter(|&p| review.ply(p).is_some_and(|r| r.verdict >= Verdict::Inaccuracy)).collect()
}

/// Starts the review and shows the last ply.
fn start_review(game: Option<Res<Match>>, mut commands: MessageWriter<ReviewCommand>, mut focus: ResMut<ReviewFocus>) {
    let Some(game) = game else { return };
    commands.write(ReviewCommand::Start);
    let plies = game.game().ply_count();
    focus.0 = (plies > 0).then_some(plies);
}

/// Back to the game: the review stops (what is judged stays) and the board
/// shows the game again.
fn leave_review(
    mut commands: MessageWriter<ReviewCommand>,
    mut history: MessageWriter<HistoryCommand>,
    mut focus: ResMut<ReviewFocus>,
) {
    commands.write(ReviewCommand::Cancel);
    history.write(HistoryCommand::EndReview);
    focus.0 = None;
}

/// Shows the position before the focused ply.
fn show_focus(focus: Res<ReviewFocus>, game: Option<Res<Match>>, mut history: MessageWriter<HistoryCommand>) {
    let (Some(ply), Some(game)) = (focus.0, game) else { return };
    if game.reviewing() != Some(ply - 1) {
        history.write(HistoryCommand::Review(ply - 1));
    }
}

/// Moves the focus: by `step` plies, or to the previous or next flagged ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Ply(i64),
    Flagged(bool),
}

fn step_focus(step: Step, focus: &mut ReviewFocus, review: &GameReview, total: usize) {
    if total == 0 {
        return;
    }
    let at = focus.0.unwrap_or(total);
    let next = match step {
        Step::Ply(d) => (at as i64 + d).clamp(1, total as i64) as usize,
        Step::Flagged(forward) => {
            let marks = flagged(review, total);
            let found = if forward {
                marks.into_iter().find(|&p| p > at)
            } else {
                marks.into_iter().rev().find(|&p| p < at)
            };
            found.unwrap_or(at)
        }
    };
    if focus.0 != Some(next) {
        focus.0 = Some(next);
    }
}

/// Whether the focused ply can be tried again: judged, and a person's move.
fn can_try_again(game: &Match, review: &GameReview, focus: ReviewFocus) -> Option<usize> {
    let ply = focus.0?;
    let judged = review.ply(ply)?;
    game.is_human(judged.seat).then_some(ply)
}

fn try_again(
    game: &Match,
    review: &GameReview,
    focus: ReviewFocus,
    commands: &mut MessageWriter<TryAgainCommand>,
    next: &mut NextState<Overlay>,
) {
    if let Some(ply) = can_try_again(game, review, focus) {
        commands.write(TryAgainCommand { ply });
        next.set(Overlay::None);
    }
}

#[allow(clippy::too_many_arguments)]
fn review_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    game: Option<Res<Match>>,
    review: Res<GameReview>,
    mut focus: ResMut<ReviewFocus>,
    mut commands: MessageWriter<TryAgainCommand>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let (Some(keys), Some(game)) = (keys, game) else { return };
    let total = game.game().ply_count();
    for (key, step) in [
        (KeyCode::ArrowLeft, Step::Ply(-1)),
        (KeyCode::ArrowRight, Step::Ply(1)),
        (KeyCode::Home, Step::Ply(-(total as i64))),
        (KeyCode::End, Step::Ply(total as i64)),
        (KeyCode::ArrowUp, Step::Flagged(false)),
        (KeyCode::ArrowDown, Step::Flagged(true)),
    ] {
        if keys.just_pressed(key) {
            step_focus(step, &mut focus, &review, total);
        }
    }
    if keys.just_pressed(KeyCode::Enter) {
        try_again(&game, &review, *focus, &mut commands, &mut next);
    }
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Overlay::None);
    }
}

fn review_gamepad(
    pads: Query<&Gamepad>,
    game: Option<Res<Match>>,
    review: Res<GameReview>,
    mut focus: ResMut<ReviewFocus>,
    mut commands: MessageWriter<TryAgainCommand>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let Some(game) = game else { return };
    let total = game.game().ply_count();
    for pad in &pads {
        for (button, step) in [
            (GamepadButton::DPadLeft, Step::Ply(-1)),
            (GamepadButton::DPadRight, Step::Ply(1)),
            (GamepadButton::DPadUp, Step::Flagged(false)),
            (GamepadButton::DPadDown, Step::Flagged(true)),
        ] {
            if pad.just_pressed(button) {
                step_focus(step, &mut focus, &review, total);
            }
        }
        if pad.just_pressed(GamepadButton::South) {
            try_again(&game, &review, *focus, &mut commands, &mut next);
        }
        if pad.just_pressed(GamepadButton::East) || pad.just_pressed(GamepadButton::Start) {
            next.set(Overlay::None);
        }
    }
}

/// A button that moves the focus.
fn step_button(id: &str, label: Tr, step: Step) -> impl Bundle {
    sized_button(
        id,
        label,
        16.0,
        move |_: On<Activate>, game: Option<Res<Match>>, review: Res<GameReview>, mut focus: ResMut<ReviewFocus>| {
            if let Some(game) = game {
                step_focus(step, &mut focus, &review, game.game().ply_count());
            }
        },
    )
}

fn spawn_review_panel(mut commands: Commands, images: Option<ResMut<Assets<Image>>>) {
    let image = images.map(|mut images| {
        images.add(Image::new_fill(
            Extent3d { width: GRAPH_SIZE.0, height: GRAPH_SIZE.1, depth_or_array_layers: 1 },
            TextureDimension::D2,
            &[0, 0, 0, 0],
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::default(),
        ))
    });
    let panel = commands
        .spawn((
            Name::new("review panel"),
            DespawnOnExit(Overlay::Review),
            Node {
                position_type: PositionType::Absolute,
                left: px(12),
                right: px(12),
                bottom: px(12),
                flex_direction: FlexDirection::Column,
                row_gap: px(6),
                padding: UiRect::all(px(10)),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
            BackgroundColor(PANEL.with_alpha(0.88)),
            GlobalZIndex(5),
        ))
        .id();
    // The title, the progress, and back to the game.
    let header =
        commands.spawn((ChildOf(panel), Node { flex_wrap: FlexWrap::Wrap, row_gap: px(4), ..row_node(12.0) })).id();
    commands.spawn((ChildOf(header), text(Tr::new("review-title"), 22.0, theme::GOLD), crate::ui::Bold));
    commands.spawn((ChildOf(header), ProgressText, text(Tr::new("review-waiting"), 16.0, TEXT_DIM)));
    commands.spawn((ChildOf(header), Node { flex_grow: 1.0, ..default() }));
    commands.spawn((
        ChildOf(header),
        StopButton,
        sized_button("review-stop", Tr::new("review-stop"), 16.0, |_: On<Activate>, review: Res<GameReview>, mut c: MessageWriter<ReviewCommand>| {
            c.write(if review.is_running() { ReviewCommand::Cancel } else { ReviewCommand::Start });
        }),
    ));
    commands.spawn((
        ChildOf(header),
        sized_button("review-close", Tr::new("back-to-game"), 16.0, |_: On<Activate>, mut next: ResMut<NextState<Overlay>>| {
            next.set(Overlay::None);
        }),
    ));
    // The progress bar.
    let bar = commands
        .spawn((ChildOf(panel), Node { height: px(4), width: percent(100), ..default() }, BackgroundColor(TEXT_DIM.with_alpha(0.2))))
        .id();
    commands.spawn((ChildOf(bar), ProgressFill, Node { height: percent(100), width: percent(0), ..default() }, BackgroundColor(theme::GOLD)));
    // The graph: a press picks the ply under it.
    let mut graph = commands.spawn((
        ChildOf(panel),
        Name::new("review graph"),
        ReviewGraph,
        Node { width: percent(100), height: vh(16), min_height: px(48), ..default() },
    ));
    if let Some(image) = image {
        graph.insert(ImageNode::new(image));
    }
    graph.observe(pick_on_graph_press).observe(pick_on_graph_drag);
    // The ply shown.
    let line = commands.spawn((ChildOf(panel), Node { flex_wrap: FlexWrap::Wrap, row_gap: px(4), ..row_node(8.0) })).id();
    commands.spawn((ChildOf(line), step_button("review-prev", Tr::new("verbatim").with("text", "◀"), Step::Ply(-1))));
    commands.spawn((ChildOf(line), step_button("review-next", Tr::new("verbatim").with("text", "▶"), Step::Ply(1))));
    commands.spawn((ChildOf(line), PlyText, Text::new(""), TextFont::from_font_size(17.0), TextColor(TEXT)));
    commands.spawn((ChildOf(line), BestText, Text::new(""), TextFont::from_font_size(17.0), TextColor(theme::BEST_MOVE)));
    // Each seat's flagged moves.
    commands.spawn((ChildOf(panel), CountsText, Text::new(""), TextFont::from_font_size(15.0), TextColor(TEXT)));
    // Moving among flagged moves, and trying again.
    let actions = commands.spawn((ChildOf(panel), Node { flex_wrap: FlexWrap::Wrap, row_gap: px(4), ..row_node(8.0) })).id();
    commands.spawn((ChildOf(actions), step_button("review-prev-flagged", Tr::new("review-prev-flagged"), Step::Flagged(false))));
    commands.spawn((ChildOf(actions), step_button("review-next-flagged", Tr::new("review-next-flagged"), Step::Flagged(true))));
    commands.spawn((
        ChildOf(actions),
        TryAgainButton,
        sized_button(
            "try-again",
            Tr::new("try-again"),
            16.0,
            |_: On<Activate>,
             game: Option<Res<Match>>,
             review: Res<GameReview>,
             focus: Res<ReviewFocus>,
             mut commands: MessageWriter<TryAgainCommand>,
             mut next: ResMut<NextState<Overlay>>| {
                if let Some(game) = game {
                    try_again(&game, &review, *focus, &mut commands, &mut next);
                }
            },
        ),
    ));
}

/// A row's node (as [`row`]) to spread with other fields.
fn row_node(gap: f32) -> Node {
    Node { flex_direction: FlexDirection::Row, align_items: AlignItems::Center, column_gap: px(gap), min_height: px(0), ..default() }
}

/// The ply under a point of the graph (`hit` at -0.5..0.5 of its width).
fn ply_under(hit: Option<Vec3>, total: usize) -> Option<usize> {
    let size = GraphSize { width: GRAPH_SIZE.0, height: GRAPH_SIZE.1, plies: total };
    let ply = size.ply_at(hit?.x + 0.5);
    // Ply 0 is the set-up: the first ply is the first that can be shown.
    (total > 0).then_some(ply.max(1))
}

fn pick_on_graph_press(press: On<Pointer<Press>>, game: Option<Res<Match>>, mut focus: ResMut<ReviewFocus>) {
    let Some(game) = game else { return };
    if let Some(ply) = ply_under(press.hit.position, game.game().ply_count()) {
        focus.0 = Some(ply);
    }
}

fn pick_on_graph_drag(
    drag: On<Pointer<Drag>>,
    game: Option<Res<Match>>,
    graphs: Query<(&ComputedNode, &UiGlobalTransform), With<ReviewGraph>>,
    mut focus: ResMut<ReviewFocus>,
) {
    let (Some(game), Ok((node, transform))) = (game, graphs.get(drag.entity)) else { return };
    // The pointer, in the node's frame: -0.5..0.5 of its size.
    let local = transform.inverse().transform_point2(drag.pointer_location.position / node.inverse_scale_factor());
    let hit = (local / node.size()).extend(0.0);
    if let Some(ply) = ply_under(Some(hit), game.game().ply_count()) {
        focus.0 = Some(ply);
    }
}

/// The texts of the panel: the progress, the ply shown, the counts.
#[allow(clippy::too_many_arguments)]
fn update_panel(
    game: Option<Res<Match>>,
    review: Res<GameReview>,
    focus: Res<ReviewFocus>,
    locale: Res<Locale>,
    colours: Res<SeatColours>,
    mut commands: Commands,
    mut progress: Query<&mut Tr, With<ProgressText>>,
    mut fill: Query<&mut Node, With<ProgressFill>>,
    mut ply_text: Query<(&mut Text, &mut TextColor), (With<PlyText>, Without<BestText>, Without<CountsText>)>,
    mut best_text: Query<&mut Text, (With<BestText>, Without<PlyText>, Without<CountsText>)>,
    mut counts: Query<&mut Text, (With<CountsText>, Without<PlyText>, Without<BestText>)>,
    try_button: Query<Entity, With<TryAgainButton>>,
    stop_button: Query<&Children, With<StopButton>>,
    mut labels: Query<&mut Tr, Without<ProgressText>>,
) {
    let Some(game) = game else { return };
    if !review.is_changed() && !focus.is_changed() && !locale.is_changed() && !colours.is_changed() && !game.is_changed() {
        return;
    }
    let (done, total) = review.progress();
    let wanted = if review.is_running() {
        Tr::new("review-progress").with("done", done).with("total", total)
    } else if review.is_complete() {
        Tr::new("review-done").with("total", total)
    } else {
        Tr::new("review-stopped").with("done", done).with("total", total)
    };
    for mut tr in &mut progress {
        if *tr != wanted {
            *tr = wanted.clone();
        }
    }
    for mut node in &mut fill {
        node.width = percent(if total == 0 { 0.0 } else { 100.0 * done as f32 / total as f32 });
    }
    for children in &stop_button {
        for child in children.iter() {
            if let Ok(mut tr) = labels.get_mut(child) {
                let key = if review.is_running() { "review-stop" } else { "review-resume" };
                if tr.key != key {
                    *tr = Tr::new(key);
                }
            }
        }
    }
    // The ply shown.
    let shown = focus.0.and_then(|p| Some((p, game.game().ply_info().get(p - 1)?.mover)));
    let (line, best, colour) = match shown {
        None => (locale.t("review-no-moves"), String::new(), TEXT),
        Some((ply, seat)) => {
            let mark = theme::mark_symbol(theme::seat_mark(seat));
            let name = seat_name(&game, seat, &locale);
            match review.ply(ply) {
                Some(r) => {
                    let verdict = locale.t(theme::verdict_key(r.verdict));
                    let line = locale.t_args(
                        "review-ply",
                        &[
                            ("ply", ply.into()),
                            ("mark", mark.into()),
                            ("name", name.into()),
                            ("move", r.played_text.as_str().into()),
                            ("symbol", theme::verdict_symbol(r.verdict).into()),
                            ("verdict", verdict.into()),
                        ],
                    );
                    let percent = |c: f64| ((c * 100.0).round() as u32).to_string();
                    let best = locale.t_args(
                        if r.best == r.played || r.verdict == Verdict::Best { "review-was-best" } else { "review-best" },
                        &[
                            ("best", r.best_text.as_str().into()),
                            ("before", percent(r.before).into()),
                            ("after", percent(r.after).into()),
                        ],
                    );
                    (line, best, theme::verdict_color(r.verdict))
                }
                None => {
                    let played = game.game().ply_texts().get(ply - 1).cloned().flatten().unwrap_or_default();
                    let line = locale.t_args(
                        "review-ply-pending",
                        &[("ply", ply.into()), ("mark", mark.into()), ("name", name.into()), ("move", played.into())],
                    );
                    (line, String::new(), TEXT)
                }
            }
        }
    };
    for (mut text, mut text_colour) in &mut ply_text {
        if text.0 != line {
            text.0 = line.clone();
        }
        text_colour.0 = colour;
    }
    for mut text in &mut best_text {
        if text.0 != best {
            text.0 = best.clone();
        }
    }
    // Each seat's inaccuracies, mistakes and blunders.
    let lines: Vec<String> = game
        .seats()
        .into_iter()
        .map(|seat: Seat| {
            locale.t_args(
                "review-counts",
                &[
                    ("mark", theme::mark_symbol(theme::seat_mark(seat)).into()),
                    ("name", seat_name(&game, seat, &locale).into()),
                    ("inaccuracies", review.count(seat, Verdict::Inaccuracy).into()),
                    ("mistakes", review.count(seat, Verdict::Mistake).into()),
                    ("blunders", review.count(seat, Verdict::Blunder).into()),
                ],
            )
        })
        .collect();
    let joined = lines.join("\n");
    for mut text in &mut counts {
        if text.0 != joined {
            text.0 = joined.clone();
        }
    }
    let can = can_try_again(&game, &review, *focus).is_some();
    for entity in &try_button {
        if can {
            commands.entity(entity).remove::<bevy::ui::InteractionDisabled>();
        } else {
            commands.entity(entity).insert(bevy::ui::InteractionDisabled);
        }
    }
}

/// Redraws the graph when the review, the ply shown or the colours change.
fn draw_graph(
    game: Option<Res<Match>>,
    review: Res<GameReview>,
    focus: Res<ReviewFocus>,
    colours: Res<SeatColours>,
    images: Option<ResMut<Assets<Image>>>,
    graphs: Query<&ImageNode, With<ReviewGraph>>,
) {
    let (Some(game), Some(mut images)) = (game, images) else { return };
    if !review.is_changed() && !focus.is_changed() && !colours.is_changed() && !game.is_changed() {
        return;
    }
    let seats = game.seats();
    let chances = review.chances(&seats);
    let lines: Vec<GraphLine> = seats
        .iter()
        .enumerate()
        .map(|(i, &seat)| GraphLine {
            colour: srgb_bytes(colours.of(seat).lighter(0.1)),
            mark: theme::seat_mark(seat),
            chances: chances.iter().map(|row| row[i]).collect(),
            flagged: review
                .of_seat(seat)
                .filter(|r| r.verdict >= Verdict::Inaccuracy)
                .map(|r| (r.ply, srgb_bytes(theme::verdict_color(r.verdict))))
                .collect(),
        })
        .collect();
    let size = GraphSize { width: GRAPH_SIZE.0, height: GRAPH_SIZE.1, plies: game.game().ply_count() };
    let pixels = graph::draw(size, &lines, focus.0);
    for node in &graphs {
        if let Some(mut image) = images.get_mut(&node.image) {
            image.data = Some(pixels.clone());
        }
    }
}

fn srgb_bytes(colour: Color) -> [u8; 3] {
    let c = colour.to_srgba();
    [(c.red * 255.0).round() as u8, (c.green * 255.0).round() as u8, (c.blue * 255.0).round() as u8]
}
