//! The Learn screen: for the game chosen at the top, its lessons in
//! teaching order and its puzzles by difficulty, each with the stars
//! earned; a click plays it. Reached from the title screen and from each
//! game's rules.

use bevy::prelude::*;
use bevy::ui_widgets::Activate;
use games::GameKind;

use crate::app_state::Screen;
use crate::i18n::Tr;
use crate::learn::{Catalog, LearnCommand, LearnProgress, LearnTab};
use crate::theme;
use crate::ui::{Selected, TEXT, TEXT_DIM, button, panel, screen_root, sized_button, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Learn), spawn_learn)
        .add_systems(Update, refresh.run_if(in_state(Screen::Learn)).run_if(resource_changed::<LearnTab>));
}

/// The part of the screen that depends on the game chosen.
#[derive(Component)]
struct Lists;

/// A game's tab.
#[derive(Component, Clone, Copy)]
struct Tab(GameKind);

/// A lesson's or puzzle's button: its game, index and whether a puzzle.
#[derive(Component, Clone, Copy)]
struct Entry(GameKind, usize, bool);

/// Stars as shown: `★★★`, or a dash when not done yet.
fn stars(count: Option<u8>) -> String {
    count.map_or_else(|| "–".to_owned(), |n| "★".repeat(usize::from(n)))
}

fn spawn_learn(
    mut commands: Commands,
    tab: Res<LearnTab>,
    catalog: Res<Catalog>,
    progress: Option<Res<LearnProgress>>,
) {
    let root = commands.spawn((screen_root("learn", 0.55), DespawnOnExit(Screen::Learn))).id();
    let form = commands.spawn((ChildOf(root), panel(8.0))).id();
    commands.entity(form).insert(Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(8),
        padding: UiRect::all(px(20)),
        border_radius: BorderRadius::all(px(14)),
        max_width: percent(96),
        max_height: percent(96),
        ..default()
    });
    commands.spawn((ChildOf(form), text(Tr::new("learn-title"), 30.0, theme::GOLD)));
    commands.spawn((ChildOf(form), text(Tr::new("learn-intro").wrapped(70), 15.0, TEXT_DIM)));
    let tabs = commands.spawn((ChildOf(form), Node { column_gap: px(8), ..default() })).id();
    for &kind in GameKind::all() {
        let mut entity = commands.spawn((
            ChildOf(tabs),
            Tab(kind),
            sized_button(&format!("learn-game {}", kind.id()), Tr::new(kind.name_key()), 16.0, choose_tab),
        ));
        if kind == tab.0 {
            entity.insert(Selected);
        }
    }
    let lists = commands
        .spawn((ChildOf(form), Lists, Node { column_gap: px(24), flex_wrap: FlexWrap::Wrap, ..default() }))
        .id();
    fill_lists(&mut commands, lists, tab.0, &catalog, progress.as_deref());
    commands.spawn((
        ChildOf(form),
        button("back", Tr::new("back"), |_: On<Activate>, mut next: ResMut<NextState<Screen>>| {
            next.set(Screen::Title);
        }),
    ));
}

fn fill_lists(
    commands: &mut Commands,
    lists: Entity,
    kind: GameKind,
    catalog: &Catalog,
    progress: Option<&LearnProgress>,
) {
    let Some(list) = catalog.of(kind) else { return };
    let done = |id: &str, puzzle: bool| {
        progress.and_then(|p| if puzzle { p.0.puzzle(kind, id) } else { p.0.lesson(kind, id) })
    };
    let lessons = commands
        .spawn((
            ChildOf(lists),
            Node {
                display: Display::Grid,
                grid_template_columns: vec![GridTrack::auto(), GridTrack::auto()],
                column_gap: px(10),
                row_gap: px(3),
                align_items: AlignItems::Center,
                ..default()
            },
        ))
        .id();
    commands.spawn((ChildOf(lessons), text(Tr::new("learn-lessons"), 18.0, theme::GOLD)));
    commands.spawn((ChildOf(lessons), Node::default()));
    for (i, lesson) in list.lessons.iter().enumerate() {
        commands.spawn((
            ChildOf(lessons),
            Entry(kind, i, false),
            sized_button(&format!("lesson {}", i + 1), Tr::new(lesson.title.clone()), 14.0, open_entry),
        ));
        commands.spawn((
            ChildOf(lessons),
            text(Tr::new("verbatim").with("text", stars(done(&lesson.id, false))), 15.0, theme::GOLD),
        ));
    }
    let puzzles = commands
        .spawn((ChildOf(lists), Node { flex_direction: FlexDirection::Column, row_gap: px(6), ..default() }))
        .id();
    commands.spawn((ChildOf(puzzles), text(Tr::new("learn-puzzles"), 18.0, theme::GOLD)));
    let grid = commands
        .spawn((
            ChildOf(puzzles),
            Node {
                display: Display::Grid,
                grid_template_columns: vec![GridTrack::auto(); 8],
                column_gap: px(4),
                row_gap: px(4),
                ..default()
            },
        ))
        .id();
    for (i, puzzle) in list.puzzles.iter().enumerate() {
        let label = match done(&puzzle.id, true) {
            Some(n) => format!("{} {}", i + 1, stars(Some(n))),
            None => format!("{}", i + 1),
        };
        commands.spawn((
            ChildOf(grid),
            Entry(kind, i, true),
            sized_button(
                &format!("puzzle {}", i + 1),
                Tr::new("verbatim").with("text", label),
                13.0,
                open_entry,
            ),
        ));
    }
    commands.spawn((ChildOf(puzzles), text(Tr::new("learn-puzzle-kinds").wrapped(48), 13.0, TEXT)));
}

fn choose_tab(
    activate: On<Activate>,
    tabs: Query<(Entity, &Tab)>,
    mut tab: ResMut<LearnTab>,
    mut commands: Commands,
) {
    let Ok((_, chosen)) = tabs.get(activate.entity) else { return };
    tab.0 = chosen.0;
    for (entity, t) in &tabs {
        if t.0 == chosen.0 {
            commands.entity(entity).insert(Selected);
        } else {
            commands.entity(entity).remove::<Selected>();
        }
    }
}

fn open_entry(activate: On<Activate>, entries: Query<&Entry>, mut requests: MessageWriter<LearnCommand>) {
    let Ok(&Entry(kind, index, puzzle)) = entries.get(activate.entity) else { return };
    requests.write(if puzzle {
        LearnCommand::Puzzle(kind, index)
    } else {
        LearnCommand::Lesson(kind, index)
    });
}

fn refresh(
    mut commands: Commands,
    tab: Res<LearnTab>,
    catalog: Res<Catalog>,
    progress: Option<Res<LearnProgress>>,
    lists: Query<(Entity, Option<&Children>), With<Lists>>,
) {
    for (lists, children) in &lists {
        for child in children.into_iter().flatten() {
            commands.entity(*child).despawn();
        }
        fill_lists(&mut commands, lists, tab.0, &catalog, progress.as_deref());
    }
}
