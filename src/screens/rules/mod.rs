//! The rules of either game, page by page, in the player's language, each
//! page with a small diagram drawn from a position in the game's cell
//! notation. A button switches between the two games' rules.

mod arcanor;
mod arkes;

use arkes_engine::Seat;
use bevy::prelude::*;
use bevy::ui_widgets::Activate;

use super::{BackTo, Screen};
use crate::AppSystems;
use crate::game::Match;
use crate::games::GameKind;
use crate::i18n::Tr;
use crate::theme::{self, SeatColours};
use crate::ui::{TEXT, button, panel, paragraph, row, screen_root, text};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesPage>()
        .init_resource::<RulesGame>()
        .add_systems(OnEnter(Screen::Rules), spawn_rules)
        .add_systems(Update, show_page.run_if(in_state(Screen::Rules)).in_set(AppSystems::View));
}

/// A rules diagram: rows top first, cells in the game's notation (ARKES: a
/// leading `*` for the golden cell), an optional move (from, to, capture)
/// with cells as (column, row) from the top left, captions under the
/// columns, and (Arcanor) a row tinted as a target row.
pub(super) struct Diagram {
    rows: &'static [&'static [&'static str]],
    arrow: Option<((usize, usize), (usize, usize), bool)>,
    captions: &'static [&'static str],
    target_row: Option<usize>,
}

/// Whose rules the screen shows; entering it shows the current match's game.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct RulesGame(pub GameKind);

fn pages(game: GameKind) -> &'static [(&'static str, Diagram)] {
    match game {
        GameKind::Arkes => arkes::PAGES,
        GameKind::Arcanor => arcanor::PAGES,
    }
}

/// The page shown.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct RulesPage(pub usize);

#[derive(Component)]
struct PageBody;

fn spawn_rules(
    mut commands: Commands,
    mut page: ResMut<RulesPage>,
    mut game: ResMut<RulesGame>,
    current: Option<Res<Match>>,
) {
    if let Some(current) = current {
        game.0 = current.kind();
    }
    page.0 = page.0.min(pages(game.0).len() - 1);
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
    let heading = commands.spawn((ChildOf(form), row(16.0))).id();
    commands.spawn((ChildOf(heading), RulesTitle, text(Tr::new("rules-title"), 34.0, theme::GOLD)));
    commands.spawn((
        ChildOf(heading),
        button(
            "other-game",
            Tr::new("rules-other-game"),
            |_: On<Activate>, mut game: ResMut<RulesGame>, mut page: ResMut<RulesPage>| {
                game.0 = match game.0 {
                    GameKind::Arkes => GameKind::Arcanor,
                    GameKind::Arcanor => GameKind::Arkes,
                };
                page.0 = 0;
            },
        ),
    ));
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
        button(
            "next",
            Tr::new("next"),
            |_: On<Activate>, mut page: ResMut<RulesPage>, game: Res<RulesGame>| {
                page.0 = (page.0 + 1).min(pages(game.0).len() - 1);
            },
        ),
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

/// The title of the rules screen, naming the game.
#[derive(Component)]
struct RulesTitle;

fn show_page(
    page: Res<RulesPage>,
    game: Res<RulesGame>,
    colours: Res<SeatColours>,
    bodies: Query<(Entity, Option<&Children>), With<PageBody>>,
    mut titles: Query<&mut Tr, With<RulesTitle>>,
    mut commands: Commands,
) {
    if !page.is_changed() && !game.is_changed() && !colours.is_changed() {
        return;
    }
    let all = pages(game.0);
    let Some((key, diagram)) = all.get(page.0) else { return };
    for mut title in &mut titles {
        *title = Tr::new("rules-title-of").with("game", game.0.id());
    }
    for (body, children) in &bodies {
        for child in children.into_iter().flatten() {
            commands.entity(*child).despawn();
        }
        commands.spawn((
            ChildOf(body),
            text(
                Tr::new("rules-page").with("n", page.0 + 1).with("total", all.len()),
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
        spawn_diagram(&mut commands, content, diagram, game.0, *colours);
    }
}

const CELL: f32 = 50.0;

fn spawn_diagram(
    commands: &mut Commands,
    parent: Entity,
    diagram: &Diagram,
    game: GameKind,
    colours: SeatColours,
) {
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
            // `*` marks the golden cell, alone or before its pieces; a target
            // row is tinted in the colour of the seat that scores there.
            let fill = if code.starts_with('*') {
                theme::GOLD
            } else if diagram.target_row == Some(r) {
                theme::WOOD.mix(&colours.of(Seat::North), 0.42)
            } else {
                theme::WOOD
            };
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
            match game {
                GameKind::Arkes => spawn_formation(commands, cell, code.trim_start_matches('*'), colours),
                GameKind::Arcanor => spawn_duo(commands, cell, code, colours),
            }
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

/// Draws an ARKES formation seen from the side: tokens as discs stacked
/// upwards, a marble as a ball on top.
fn spawn_formation(commands: &mut Commands, cell: Entity, code: &str, colours: SeatColours) {
    use arkes_engine::{Formation, Piece};
    let pieces: Vec<Piece> = code.chars().filter_map(Piece::from_letter).collect();
    let Some(formation) = Formation::from_pieces(&pieces) else { return };
    for (level, piece) in formation.pieces().enumerate() {
        let colour = colours.of(piece.seat);
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

/// Draws an Arcanor formation seen from the side: the top piece as a bell of
/// its size showing its value, and for a duo a band of the inner piece's
/// colour at its rim (its value is the top's plus one, A2).
fn spawn_duo(commands: &mut Commands, cell: Entity, code: &str, colours: SeatColours) {
    if code == "." || code.len() < 2 || !code.is_ascii() {
        return;
    }
    let pieces: Vec<(Seat, u8)> = (0..code.len())
        .step_by(2)
        .filter_map(|i| {
            let seat = Seat::from_letter(code[i..].chars().next()?)?;
            let value = code[i + 1..].chars().next()?.to_digit(10)? as u8;
            Some((seat, value))
        })
        .collect();
    let Some(&(seat, value)) = pieces.last() else { return };
    let size = [40.0, 33.0, 27.0, 22.0][usize::from(value.clamp(1, 4)) - 1];
    let colour = colours.of(seat);
    let bell = commands
        .spawn((
            ChildOf(cell),
            Node {
                position_type: PositionType::Absolute,
                width: px(size * 0.8),
                height: px(size),
                left: px((CELL - size * 0.8) / 2.0 - 3.0),
                bottom: px(4.0),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::new(px(size * 0.4), px(size * 0.4), px(3), px(3)),
                ..default()
            },
            BackgroundColor(colour),
            BorderColor::all(colour.darker(0.3)),
        ))
        .id();
    commands.spawn((
        ChildOf(bell),
        Text::new(value.to_string()),
        TextFont::from_font_size(size * 0.42),
        TextColor(Color::srgb(0.97, 0.94, 0.85)),
    ));
    if let [(inner, _), _] = pieces[..] {
        commands.spawn((
            ChildOf(bell),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: px(5),
                bottom: px(0),
                border_radius: BorderRadius::all(px(2)),
                ..default()
            },
            BackgroundColor(colours.of(inner).lighter(0.08)),
            BorderColor::all(Color::WHITE),
        ));
    }
}
