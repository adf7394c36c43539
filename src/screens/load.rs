//! Loading a game: the autosave, named saves, and game records (text files in
//! the records folder: exported games, or files put there). A file that
//! cannot be loaded is reported and left as it is.

use bevy::prelude::*;
use bevy::ui_widgets::Activate;

use super::flow::Notice;
use crate::app_state::Screen;
use crate::i18n::Tr;
use crate::play::MatchCommand;
use crate::saves::{self, AUTOSAVE, RECORDS, SAVES};
use crate::storage::Store;
use crate::theme;
use crate::ui::{TEXT, TEXT_DIM, button, panel, screen_root, sized_button, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Load), spawn_load)
        .add_systems(Update, refresh.run_if(in_state(Screen::Load)).run_if(resource_changed::<Notice>));
}

/// A row of the list: the stored file it loads.
#[derive(Component, Clone)]
struct SaveFileName(String);

#[derive(Component)]
struct List;

#[derive(Component)]
struct NoticeText;

fn spawn_load(mut commands: Commands, store: Option<Res<Store>>, notice: Res<Notice>) {
    let root = commands.spawn((screen_root("load", 0.55), DespawnOnExit(Screen::Load))).id();
    let form = commands.spawn((ChildOf(root), panel(10.0))).id();
    commands.spawn((ChildOf(form), text(Tr::new("load-title"), 34.0, theme::GOLD)));
    let list = commands
        .spawn((
            ChildOf(form),
            List,
            // Name, game, Load, Delete: each column as wide as its widest cell.
            Node {
                display: Display::Grid,
                grid_template_columns: vec![
                    GridTrack::fit_content_px(360.0),
                    GridTrack::auto(),
                    GridTrack::auto(),
                    GridTrack::auto(),
                ],
                column_gap: px(10),
                row_gap: px(6),
                align_items: AlignItems::Center,
                ..default()
            },
        ))
        .id();
    fill_list(&mut commands, list, store.as_deref());
    commands.spawn((
        ChildOf(form),
        NoticeText,
        Text::new(notice.0.clone().unwrap_or_default()),
        TextFont::from_font_size(15.0),
        TextColor(TEXT),
        Node { max_width: px(520), ..default() },
    ));
    if let Some(store) = store {
        commands.spawn((
            ChildOf(form),
            text(
                Tr::new("records-hint").with("folder", format!("{}/{RECORDS}", store.location())),
                14.0,
                TEXT_DIM,
            ),
            Node { max_width: px(520), ..default() },
        ));
    }
    commands.spawn((
        ChildOf(form),
        button("back", Tr::new("back"), |_: On<Activate>, mut next: ResMut<NextState<Screen>>| {
            next.set(Screen::Title);
        }),
    ));
}

fn fill_list(commands: &mut Commands, list: Entity, store: Option<&Store>) {
    let Some(store) = store else { return };
    let mut names: Vec<String> = Vec::new();
    if store.read(AUTOSAVE).is_ok_and(|t| t.is_some()) {
        names.push(AUTOSAVE.to_owned());
    }
    names.extend(store.list(SAVES));
    names.extend(store.list(RECORDS));
    if names.is_empty() {
        commands.spawn((ChildOf(list), text(Tr::new("load-empty"), 18.0, TEXT_DIM)));
    }
    for name in names {
        let label = if name == AUTOSAVE {
            Tr::new("autosave")
        } else {
            Tr::new("verbatim").with("text", saves::display_name(&name))
        };
        commands.spawn((ChildOf(list), text(label, 18.0, TEXT), Node { min_width: px(0), ..default() }));
        let game =
            saves::game_of(store, &name).map_or_else(|| Tr::new("game-unknown"), |k| Tr::new(k.name_key()));
        commands.spawn((ChildOf(list), text(game, 16.0, TEXT_DIM), TextLayout::no_wrap()));
        commands.spawn((
            ChildOf(list),
            SaveFileName(name.clone()),
            sized_button(&format!("load {name}"), Tr::new("load"), 16.0, load_file),
        ));
        if name != AUTOSAVE {
            commands.spawn((
                ChildOf(list),
                SaveFileName(name.clone()),
                sized_button(&format!("delete {name}"), Tr::new("delete"), 16.0, delete_file),
            ));
        } else {
            // The autosave cannot be deleted: an empty cell keeps the grid.
            commands.spawn((ChildOf(list), Node::default()));
        }
    }
}

fn load_file(
    activate: On<Activate>,
    names: Query<&SaveFileName>,
    store: Option<Res<Store>>,
    mut matches: MessageWriter<MatchCommand>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    let (Ok(name), Some(store)) = (names.get(activate.entity), store) else { return };
    match saves::load(&store, &name.0) {
        Ok(mut game) => {
            game.set_saved(true);
            matches.write(MatchCommand::Replace(Box::new(game)));
            notice.0 = None;
            next.set(Screen::Gameplay);
        }
        Err(e) => notice.0 = Some(format!("{}: {e}", saves::display_name(&name.0))),
    }
}

fn delete_file(
    activate: On<Activate>,
    names: Query<&SaveFileName>,
    store: Option<Res<Store>>,
    mut notice: ResMut<Notice>,
) {
    let (Ok(name), Some(store)) = (names.get(activate.entity), store) else { return };
    notice.0 = match store.remove(&name.0) {
        Ok(()) => None,
        Err(e) => Some(e.to_string()),
    };
    // Changing the notice (even to None) refreshes the list.
    notice.set_changed();
}

fn refresh(
    mut commands: Commands,
    store: Option<Res<Store>>,
    notice: Res<Notice>,
    lists: Query<(Entity, Option<&Children>), With<List>>,
    mut texts: Query<&mut Text, With<NoticeText>>,
) {
    for (list, children) in &lists {
        for child in children.into_iter().flatten() {
            commands.entity(*child).despawn();
        }
        fill_list(&mut commands, list, store.as_deref());
    }
    for mut text in &mut texts {
        text.0 = notice.0.clone().unwrap_or_default();
    }
}
