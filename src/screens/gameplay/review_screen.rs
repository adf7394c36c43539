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
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::ui::UiGlobalTransform;
use bevy::ui_widgets::Activate;
use bevy::window::PrimaryWindow;
use game_core::Seat;
use games::Verdict;

use super::graph::{self, GRAPH_SIZE, GraphLine, GraphSize, ReviewGraph};
use super::review_input::{
    Step, can_try_again, pick_on_graph_drag, pick_on_graph_press, review_gamepad, review_keys, step_button,
    try_again,
};
use crate::app_state::{AppSystems, Overlay};
use crate::coach::{GameReview, ReviewCommand, ReviewFocus, TryAgainCommand};
use crate::i18n::{Locale, Tr};
use crate::play::{HistoryCommand, Match};
use crate::texts::seat_name;
use crate::theme::{self, SeatColours};
use crate::ui::{PANEL, TEXT, TEXT_DIM, sized_button, text};
use crate::view::camera::BoardInset;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Review), (start_review, spawn_review_panel))
        .add_systems(OnExit(Overlay::Review), leave_review)
        .add_systems(Update, inset_board.in_set(AppSystems::View))
        .add_systems(
            Update,
            (review_keys, review_gamepad).in_set(AppSystems::Input).run_if(in_state(Overlay::Review)),
        )
        .add_systems(
            Update,
            (show_focus, update_panel, draw_graph)
                .chain()
                .in_set(AppSystems::View)
                .run_if(in_state(Overlay::Review)),
        );
}

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

/// Starts the review and shows the last ply.
fn start_review(
    game: Option<Res<Match>>,
    mut commands: MessageWriter<ReviewCommand>,
    mut focus: ResMut<ReviewFocus>,
) {
    let Some(game) = game else { return };
    commands.write(ReviewCommand::Start);
    let plies = game.game().ply_count();
    focus.0 = (plies > 0).then_some(plies);
}

/// The review's panel (the board is raised above it).
#[derive(Component)]
struct ReviewPanel;

/// Keeps the board framed above the review's panel, and back to the whole
/// window once the panel is gone.
fn inset_board(
    panels: Query<(&ComputedNode, &UiGlobalTransform), With<ReviewPanel>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    inset: Option<ResMut<BoardInset>>,
) {
    // Headless, without the board's view, there is nothing to frame.
    let Some(mut inset) = inset else { return };
    let bottom = match (panels.iter().next(), windows.single()) {
        (Some((node, transform)), Ok(window)) if window.physical_height() > 0 => {
            // The panel's top edge, in physical pixels from the window's top.
            let top = transform.translation.y - node.size().y / 2.0;
            (1.0 - top / window.physical_height() as f32).clamp(0.0, 0.7)
        }
        _ => 0.0,
    };
    // Only large changes: the panel's text changes its height by a few pixels.
    if (inset.bottom - bottom).abs() > 0.02 || (bottom == 0.0 && inset.bottom != 0.0) {
        inset.bottom = bottom;
    }
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
            ReviewPanel,
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
    let header = commands
        .spawn((ChildOf(panel), Node { flex_wrap: FlexWrap::Wrap, row_gap: px(4), ..row_node(12.0) }))
        .id();
    commands.spawn((ChildOf(header), text(Tr::new("review-title"), 22.0, theme::GOLD), crate::ui::Bold));
    commands.spawn((ChildOf(header), ProgressText, text(Tr::new("review-waiting"), 16.0, TEXT_DIM)));
    commands.spawn((ChildOf(header), Node { flex_grow: 1.0, ..default() }));
    commands.spawn((
        ChildOf(header),
        StopButton,
        sized_button(
            "review-stop",
            Tr::new("review-stop"),
            16.0,
            |_: On<Activate>, review: Res<GameReview>, mut c: MessageWriter<ReviewCommand>| {
                c.write(if review.is_running() { ReviewCommand::Cancel } else { ReviewCommand::Start });
            },
        ),
    ));
    commands.spawn((
        ChildOf(header),
        sized_button(
            "review-close",
            Tr::new("back-to-game"),
            16.0,
            |_: On<Activate>, mut next: ResMut<NextState<Overlay>>| {
                next.set(Overlay::None);
            },
        ),
    ));
    // The progress bar.
    let bar = commands
        .spawn((
            ChildOf(panel),
            Node { height: px(4), width: percent(100), ..default() },
            BackgroundColor(TEXT_DIM.with_alpha(0.2)),
        ))
        .id();
    commands.spawn((
        ChildOf(bar),
        ProgressFill,
        Node { height: percent(100), width: percent(0), ..default() },
        BackgroundColor(theme::GOLD),
    ));
    // The graph: a press picks the ply under it.
    let mut graph = commands.spawn((
        ChildOf(panel),
        Name::new("review graph"),
        ReviewGraph,
        Node { width: percent(100), height: vh(16), min_height: px(48), ..default() },
    ));
    if let Some(image) = image {
        graph.insert(ImageNode::new(image).with_mode(NodeImageMode::Stretch));
    }
    graph.observe(pick_on_graph_press).observe(pick_on_graph_drag);
    // The ply shown.
    let line = commands
        .spawn((ChildOf(panel), Node { flex_wrap: FlexWrap::Wrap, row_gap: px(4), ..row_node(8.0) }))
        .id();
    commands.spawn((
        ChildOf(line),
        step_button("review-prev", Tr::new("verbatim").with("text", "◀"), Step::Ply(-1)),
    ));
    commands.spawn((
        ChildOf(line),
        step_button("review-next", Tr::new("verbatim").with("text", "▶"), Step::Ply(1)),
    ));
    commands.spawn((ChildOf(line), PlyText, Text::new(""), TextFont::from_font_size(17.0), TextColor(TEXT)));
    commands.spawn((
        ChildOf(line),
        BestText,
        Text::new(""),
        TextFont::from_font_size(17.0),
        TextColor(theme::BEST_MOVE),
    ));
    // Each seat's flagged moves.
    commands.spawn((
        ChildOf(panel),
        CountsText,
        Text::new(""),
        TextFont::from_font_size(15.0),
        TextColor(TEXT),
    ));
    // Moving among flagged moves, and trying again.
    let actions = commands
        .spawn((ChildOf(panel), Node { flex_wrap: FlexWrap::Wrap, row_gap: px(4), ..row_node(8.0) }))
        .id();
    commands.spawn((
        ChildOf(actions),
        step_button("review-prev-flagged", Tr::new("review-prev-flagged"), Step::Flagged(false)),
    ));
    commands.spawn((
        ChildOf(actions),
        step_button("review-next-flagged", Tr::new("review-next-flagged"), Step::Flagged(true)),
    ));
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
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        column_gap: px(gap),
        min_height: px(0),
        ..default()
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
    mut stop_button: Query<(&Children, &mut Visibility), With<StopButton>>,
    mut labels: Query<&mut Tr, Without<ProgressText>>,
) {
    let Some(game) = game else { return };
    if !review.is_changed()
        && !focus.is_changed()
        && !locale.is_changed()
        && !colours.is_changed()
        && !game.is_changed()
    {
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
    for (children, mut visibility) in &mut stop_button {
        // A complete review has nothing to stop or resume.
        visibility.set_if_neq(if review.is_complete() { Visibility::Hidden } else { Visibility::Inherited });
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
                        if r.best == r.played || r.verdict == Verdict::Best {
                            "review-was-best"
                        } else {
                            "review-best"
                        },
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
                        &[
                            ("ply", ply.into()),
                            ("mark", mark.into()),
                            ("name", name.into()),
                            ("move", played.into()),
                        ],
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
