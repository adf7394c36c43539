//! The toolbar: undo, redo, the coach's hint, the top view and the menu.

use bevy::prelude::*;
use bevy::ui_widgets::Activate;

use crate::app_state::AppSystems;
use crate::app_state::{Overlay, Screen};
use crate::coach::HintRequest;
use crate::i18n::Tr;
use crate::learn::{LearnCommand, Learning};
use crate::play::MoveFilter;
use crate::play::{HistoryCommand, Match, ToggleTopView};
use crate::ui::sized_button;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Gameplay), (spawn_toolbar, untab).chain()).add_systems(
        Update,
        (update_toolbar, hide_in_review).in_set(AppSystems::View).run_if(in_state(Screen::Gameplay)),
    );
}

#[derive(Component)]
struct UndoButton;

#[derive(Component)]
struct RedoButton;

/// The toolbar's buttons are for the mouse: while playing, Tab belongs to
/// the board cursor, so they are left out of keyboard focus.
fn untab(
    mut commands: Commands,
    buttons: Query<Entity, (With<bevy::input_focus::tab_navigation::TabIndex>, With<Toolbar>)>,
) {
    for entity in &buttons {
        commands.entity(entity).remove::<bevy::input_focus::tab_navigation::TabIndex>();
    }
}

#[derive(Component)]
struct Toolbar;

/// The bar of the toolbar's buttons.
#[derive(Component)]
struct ToolbarRow;

/// The review screen has its own buttons where the toolbar stands.
fn hide_in_review(overlay: Option<Res<State<Overlay>>>, mut bars: Query<&mut Visibility, With<ToolbarRow>>) {
    let Some(overlay) = overlay.filter(|o| o.is_changed()) else { return };
    let wanted = if *overlay.get() == Overlay::Review { Visibility::Hidden } else { Visibility::Inherited };
    for mut visibility in &mut bars {
        *visibility = wanted;
    }
}

fn spawn_toolbar(mut commands: Commands) {
    let bar = commands
        .spawn((
            Name::new("toolbar"),
            ToolbarRow,
            DespawnOnExit(Screen::Gameplay),
            Node {
                position_type: PositionType::Absolute,
                bottom: px(14),
                right: px(14),
                column_gap: px(8),
                ..default()
            },
        ))
        .id();
    commands.spawn((
        ChildOf(bar),
        Toolbar,
        UndoButton,
        sized_button(
            "undo",
            Tr::new("undo"),
            18.0,
            |_: On<Activate>, mut h: MessageWriter<HistoryCommand>| {
                h.write(HistoryCommand::Undo);
            },
        ),
    ));
    commands.spawn((
        ChildOf(bar),
        Toolbar,
        RedoButton,
        sized_button(
            "redo",
            Tr::new("redo"),
            18.0,
            |_: On<Activate>, mut h: MessageWriter<HistoryCommand>| {
                h.write(HistoryCommand::Redo);
            },
        ),
    ));
    commands.spawn((
        ChildOf(bar),
        Toolbar,
        sized_button(
            "hint",
            Tr::new("hint"),
            18.0,
            |_: On<Activate>,
             learning: Res<Learning>,
             mut requests: MessageWriter<HintRequest>,
             mut learn: MessageWriter<LearnCommand>| {
                // A lesson's or puzzle's hint is its own move, not a search's.
                if learning.0.is_some() {
                    learn.write(LearnCommand::Hint);
                } else {
                    requests.write(HintRequest);
                }
            },
        ),
    ));
    commands.spawn((
        ChildOf(bar),
        Toolbar,
        sized_button(
            "top-view",
            Tr::new("top-view"),
            18.0,
            |_: On<Activate>, mut toggle: MessageWriter<ToggleTopView>| {
                toggle.write(ToggleTopView);
            },
        ),
    ));
    commands.spawn((
        ChildOf(bar),
        Toolbar,
        sized_button(
            "menu",
            Tr::new("menu"),
            18.0,
            |_: On<Activate>, mut next: ResMut<NextState<Overlay>>| {
                next.set(Overlay::Paused);
            },
        ),
    ));
}

/// Greys out undo and redo when there is nothing to take back or replay,
/// in lessons, redo in online games, and undo for a peer watching an online
/// game (it holds no seat, so it has no move to take back).
fn update_toolbar(
    game: Option<Res<Match>>,
    filter: Res<MoveFilter>,
    online: Option<Res<crate::online::Online>>,
    mut commands: Commands,
    undo: Query<Entity, With<UndoButton>>,
    redo: Query<Entity, With<RedoButton>>,
) {
    let Some(game) = game else { return };
    let watching = online.as_ref().is_some_and(|o| o.is_watching());
    if !game.is_changed() && !filter.is_changed() && !online.as_ref().is_some_and(Res::is_changed) {
        return;
    }
    // A lesson's or puzzle's moves cannot be taken back (its filter is set);
    // an online game's undo asks the other side (see `crate::online`), and
    // it has no redo.
    let free = filter.0.is_none();
    let online = game.is_online();
    for (entity, enabled) in undo
        .iter()
        .map(|e| (e, free && !watching && game.game().can_undo()))
        .chain(redo.iter().map(|e| (e, free && !online && game.game().can_redo())))
    {
        if enabled {
            commands.entity(entity).remove::<bevy::ui::InteractionDisabled>();
        } else {
            commands.entity(entity).insert(bevy::ui::InteractionDisabled);
        }
    }
}
