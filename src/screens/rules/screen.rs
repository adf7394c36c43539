//! The rules screen: the pages of a game's rules, each with its diagram, in
//! the player's language; a button goes on to the next game's rules.

use bevy::prelude::*;
use bevy::ui_widgets::Activate;
use game_core::Seat;
use games::GameKind;

use super::book::{Diagram, DrawCell, RulesBooks};
use crate::app_state::{AppSystems, Screen};
use crate::i18n::Tr;
use crate::play::Match;
use crate::screens::flow::BackTo;
use crate::theme::{self, SeatColours};
use crate::ui::{TEXT, button, panel, paragraph, row, screen_root, text};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesPage>()
        .init_resource::<RulesGame>()
        .add_systems(OnEnter(Screen::Rules), spawn_rules)
        .add_systems(Update, show_page.run_if(in_state(Screen::Rules)).in_set(AppSystems::View));
}

/// Whose rules the screen shows; entering it shows the current match's game.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct RulesGame(pub GameKind);

/// The pages of `game`'s rules (none when its rules module is missing).
fn pages(books: &RulesBooks, game: GameKind) -> &'static [(&'static str, Diagram)] {
    books.get(game).map_or(&[], |b| b.pages)
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
    books: Res<RulesBooks>,
    current: Option<Res<Match>>,
) {
    if let Some(current) = current {
        game.0 = current.kind();
    }
    page.0 = page.0.min(pages(&books, game.0).len().saturating_sub(1));
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
                // The next game of the list, round to the first.
                let all = GameKind::all();
                let at = all.iter().position(|&k| k == game.0).unwrap_or(0);
                game.0 = all[(at + 1) % all.len()];
                page.0 = 0;
            },
        ),
    ));
    commands.spawn((
        ChildOf(form),
        PageBody,
        Node { flex_direction: FlexDirection::Column, row_gap: px(12), min_height: px(0), ..default() },
    ));
    // The buttons wrap onto a second line where a language's labels are long.
    let nav = commands
        .spawn((
            ChildOf(form),
            Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                align_items: AlignItems::Center,
                column_gap: px(10),
                row_gap: px(8),
                min_height: px(0),
                ..default()
            },
        ))
        .id();
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
            |_: On<Activate>, mut page: ResMut<RulesPage>, game: Res<RulesGame>, books: Res<RulesBooks>| {
                page.0 = (page.0 + 1).min(pages(&books, game.0).len().saturating_sub(1));
            },
        ),
    ));
    commands.spawn((
        ChildOf(nav),
        button(
            "learn",
            Tr::new("rules-learn"),
            |_: On<Activate>,
             game: Res<RulesGame>,
             mut tab: ResMut<crate::learn::LearnTab>,
             mut next: ResMut<NextState<Screen>>| {
                tab.0 = game.0;
                next.set(Screen::Learn);
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
    books: Res<RulesBooks>,
    colours: Res<SeatColours>,
    bodies: Query<(Entity, Option<&Children>), With<PageBody>>,
    mut titles: Query<&mut Tr, With<RulesTitle>>,
    mut commands: Commands,
) {
    if !page.is_changed() && !game.is_changed() && !colours.is_changed() {
        return;
    }
    let Some(book) = books.get(game.0) else { return };
    let all = book.pages;
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
        spawn_diagram(&mut commands, content, diagram, book.draw_cell, *colours);
    }
}

/// A diagram cell's side, logical pixels.
pub const CELL: f32 = 50.0;

fn spawn_diagram(
    commands: &mut Commands,
    parent: Entity,
    diagram: &Diagram,
    draw_cell: DrawCell,
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
            draw_cell(commands, cell, code.trim_start_matches('*'), colours);
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
