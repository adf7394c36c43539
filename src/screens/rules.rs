//! The rules, page by page, in the player's language, each page with a small
//! diagram drawn from a position in the engine's cell notation (`S` a South
//! token, `Ss` a South general, `NS` a siege…).

use arkes_engine::{Formation, Piece};
use bevy::prelude::*;
use bevy::ui_widgets::Activate;

use super::{BackTo, Screen};
use crate::AppSystems;
use crate::i18n::Tr;
use crate::theme;
use crate::ui::{TEXT, button, panel, paragraph, row, screen_root, text};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesPage>()
        .add_systems(OnEnter(Screen::Rules), spawn_rules)
        .add_systems(Update, show_page.run_if(in_state(Screen::Rules)).in_set(AppSystems::View));
}

/// A rules diagram: rows top first, cells in the engine's notation (a
/// leading `*` for the golden cell), an
/// optional move (from, to, capture) with cells as (column, row) from the
/// top left, and captions under the columns.
struct Diagram {
    rows: &'static [&'static [&'static str]],
    arrow: Option<((usize, usize), (usize, usize), bool)>,
    captions: &'static [&'static str],
}

/// The pages: the translation key prefix and the diagram.
const PAGES: &[(&str, Diagram)] = &[
    (
        "rules-goal",
        Diagram {
            rows: &[&[".", "N", "."], &[".", "*S", "."], &[".", "Ss", "."]],
            arrow: Some(((1, 2), (1, 1), false)),
            captions: &[],
        },
    ),
    (
        "rules-pieces",
        Diagram {
            rows: &[&["S", "Ss", "SS", "NS"]],
            arrow: None,
            captions: &["term-unit", "term-general", "term-tower", "term-siege"],
        },
    ),
    (
        "rules-moving",
        Diagram {
            rows: &[&[".", ".", "N"], &[".", "S", "."], &["SS", ".", "Ss"]],
            arrow: Some(((1, 1), (2, 0), false)),
            captions: &[],
        },
    ),
    (
        "rules-marbles",
        Diagram {
            rows: &[&[".", "S", "."], &["S", "Ss", "SS"], &[".", ".", "."]],
            arrow: Some(((1, 1), (0, 1), false)),
            captions: &[],
        },
    ),
    (
        "rules-capture-marble",
        Diagram {
            rows: &[&[".", "Nn", "."], &[".", "S", "."], &[".", ".", "."]],
            arrow: Some(((1, 1), (1, 0), true)),
            captions: &[],
        },
    ),
    (
        "rules-capture-token",
        Diagram {
            rows: &[&["N", "NS", "WN"], &["SS", "SS", "SS"]],
            arrow: Some(((1, 1), (1, 0), true)),
            captions: &[],
        },
    ),
    (
        "rules-repetition",
        Diagram {
            rows: &[&[".", "N", "."], &["S", ".", "."]],
            arrow: Some(((0, 1), (1, 1), false)),
            captions: &[],
        },
    ),
    ("rules-end", Diagram { rows: &[&["Ww", "SS", "."], &["SS", ".", "."]], arrow: None, captions: &[] }),
];

/// The page shown.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct RulesPage(pub usize);

#[derive(Component)]
struct PageBody;

fn spawn_rules(mut commands: Commands, mut page: ResMut<RulesPage>) {
    page.set_changed();
    let root = commands.spawn((screen_root("rules", 0.6), DespawnOnExit(Screen::Rules))).id();
    let form = commands.spawn((ChildOf(root), panel(12.0))).id();
    commands.entity(form).insert(Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(12),
        padding: UiRect::all(px(24)),
        border_radius: BorderRadius::all(px(14)),
        width: px(760),
        max_width: percent(96),
        ..default()
    });
    commands.spawn((ChildOf(form), text(Tr::new("rules-title"), 34.0, theme::GOLD)));
    commands.spawn((
        ChildOf(form),
        PageBody,
        Node { flex_direction: FlexDirection::Column, row_gap: px(12), min_height: px(0), ..default() },
    ));
    let nav = commands.spawn((ChildOf(form), row(10.0))).id();
    commands.spawn((
        ChildOf(nav),
        button("previous", Tr::new("previous"), |_: On<Activate>, mut page: ResMut<RulesPage>| {
            page.0 = page.0.saturating_sub(1);
        }),
    ));
    commands.spawn((
        ChildOf(nav),
        button("next", Tr::new("next"), |_: On<Activate>, mut page: ResMut<RulesPage>| {
            page.0 = (page.0 + 1).min(PAGES.len() - 1);
        }),
    ));
    commands.spawn((
        ChildOf(nav),
        button(
            "back",
            Tr::new("back"),
            |_: On<Activate>, back: Res<BackTo>, mut next: ResMut<NextState<Screen>>| {
                next.set(back.0);
            },
        ),
    ));
}

fn show_page(
    page: Res<RulesPage>,
    bodies: Query<(Entity, Option<&Children>), With<PageBody>>,
    mut commands: Commands,
) {
    if !page.is_changed() {
        return;
    }
    let Some((key, diagram)) = PAGES.get(page.0) else { return };
    for (body, children) in &bodies {
        for child in children.into_iter().flatten() {
            commands.entity(*child).despawn();
        }
        commands.spawn((
            ChildOf(body),
            text(
                Tr::new("rules-page").with("n", page.0 + 1).with("total", PAGES.len()),
                15.0,
                TEXT.with_alpha(0.6),
            ),
        ));
        commands.spawn((ChildOf(body), text(Tr::new(format!("{key}-title")), 26.0, TEXT)));
        let content = commands.spawn((ChildOf(body), row(24.0))).id();
        commands.entity(content).insert(Node {
            flex_direction: FlexDirection::Row,
            column_gap: px(24),
            align_items: AlignItems::FlexStart,
            min_height: px(0),
            ..default()
        });
        commands.spawn((ChildOf(content), paragraph(Tr::new(format!("{key}-text")), 18.0, 440.0)));
        spawn_diagram(&mut commands, content, diagram);
    }
}

const CELL: f32 = 50.0;

fn spawn_diagram(commands: &mut Commands, parent: Entity, diagram: &Diagram) {
    let grid = commands
        .spawn((ChildOf(parent), Node { flex_direction: FlexDirection::Column, row_gap: px(3), ..default() }))
        .id();
    for (r, cells) in diagram.rows.iter().enumerate() {
        let line = commands.spawn((ChildOf(grid), Node { column_gap: px(3), ..default() })).id();
        for (c, code) in cells.iter().enumerate() {
            let (border, width) = match diagram.arrow {
                Some((from, _, _)) if from == (c, r) => (theme::GOLD, 3.0),
                Some((_, to, capture)) if to == (c, r) => {
                    (if capture { theme::CAPTURE_HINT } else { theme::MOVE_HINT }, 3.0)
                }
                _ => (Color::NONE, 0.0),
            };
            // `*` marks the golden cell, alone or before its pieces.
            let fill = if code.starts_with('*') { theme::GOLD } else { theme::WOOD };
            let cell = commands
                .spawn((
                    ChildOf(line),
                    Node {
                        width: px(CELL),
                        height: px(CELL),
                        border: UiRect::all(px(width)),
                        border_radius: BorderRadius::all(px(4)),
                        ..default()
                    },
                    BackgroundColor(fill),
                    BorderColor::all(border),
                ))
                .id();
            spawn_formation(commands, cell, code.trim_start_matches('*'));
        }
    }
    if !diagram.captions.is_empty() {
        let line = commands.spawn((ChildOf(grid), Node { column_gap: px(3), ..default() })).id();
        for key in diagram.captions {
            commands.spawn((
                ChildOf(line),
                text(Tr::new(*key), 13.0, TEXT),
                Node { width: px(CELL), justify_content: JustifyContent::Center, ..default() },
            ));
        }
    }
}

/// Draws a formation seen from the side: tokens as discs stacked upwards, a
/// marble as a ball on top.
fn spawn_formation(commands: &mut Commands, cell: Entity, code: &str) {
    let pieces: Vec<Piece> = code.chars().filter_map(Piece::from_letter).collect();
    let Some(formation) = Formation::from_pieces(&pieces) else { return };
    for (level, piece) in formation.pieces().enumerate() {
        let colour = theme::seat_color(piece.seat);
        let (size, height) = if piece.is_marble() { (18.0, 18.0) } else { (34.0, 11.0) };
        let bottom = 10.0 + 8.0 * level as f32 + if piece.is_marble() { 2.0 } else { 0.0 };
        commands.spawn((
            ChildOf(cell),
            Node {
                position_type: PositionType::Absolute,
                width: px(size),
                height: px(height),
                left: px((CELL - size) / 2.0 - 3.0),
                bottom: px(bottom),
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::all(percent(50)),
                ..default()
            },
            BackgroundColor(if piece.is_marble() { colour.lighter(0.1) } else { colour }),
            BorderColor::all(colour.darker(0.3)),
        ));
    }
}
