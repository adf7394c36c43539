//! The panel of a lesson or puzzle over the board: its title, its goal,
//! what it says after each move (the step's line, why a move was not
//! played, the stars once done), and its buttons: start again, the hint
//! (puzzles), the next one, the list.

use bevy::prelude::*;
use bevy::ui_widgets::Activate;

use crate::app_state::{AppSystems, Screen};
use crate::i18n::Tr;
use crate::learn::{LearnCommand, Learning, Refusal, Said, Session};
use crate::theme;
use crate::ui::{PANEL, TEXT, sized_button, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Gameplay), spawn_panel).add_systems(
        Update,
        (update_panel, arrange_for_window).in_set(AppSystems::View).run_if(in_state(Screen::Gameplay)),
    );
}

#[derive(Component)]
struct LessonPanel;

/// The panel's box inside [`LessonPanel`].
#[derive(Component)]
struct PanelBox;

#[derive(Component)]
struct TitleText;

#[derive(Component)]
struct GoalText;

#[derive(Component)]
struct SaidText;

#[derive(Component)]
struct HintButton;

#[derive(Component)]
struct NextButton;

fn spawn_panel(mut commands: Commands) {
    let outer = commands
        .spawn((
            Name::new("lesson panel"),
            DespawnOnExit(Screen::Gameplay),
            LessonPanel,
            Node {
                position_type: PositionType::Absolute,
                top: px(8),
                width: percent(100),
                justify_content: JustifyContent::Center,
                ..default()
            },
            Visibility::Hidden,
            Pickable::IGNORE,
        ))
        .id();
    let panel = commands
        .spawn((
            ChildOf(outer),
            PanelBox,
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(4),
                padding: UiRect::axes(px(16), px(8)),
                border_radius: BorderRadius::all(px(10)),
                max_width: px(600),
                ..default()
            },
            BackgroundColor(PANEL.with_alpha(0.9)),
        ))
        .id();
    commands.spawn((ChildOf(panel), TitleText, text(blank(), 20.0, theme::GOLD)));
    commands.spawn((ChildOf(panel), GoalText, text(blank(), 16.0, TEXT)));
    commands.spawn((ChildOf(panel), SaidText, text(blank(), 16.0, theme::BEST_MOVE)));
    let buttons = commands.spawn((ChildOf(panel), Node { column_gap: px(8), ..default() })).id();
    commands.spawn((
        ChildOf(buttons),
        sized_button(
            "learn-retry",
            Tr::new("learn-retry"),
            14.0,
            |_: On<Activate>, mut w: MessageWriter<LearnCommand>| {
                w.write(LearnCommand::Retry);
            },
        ),
    ));
    commands.spawn((
        ChildOf(buttons),
        HintButton,
        sized_button(
            "learn-hint",
            Tr::new("learn-hint"),
            14.0,
            |_: On<Activate>, mut w: MessageWriter<LearnCommand>| {
                w.write(LearnCommand::Hint);
            },
        ),
    ));
    commands.spawn((
        ChildOf(buttons),
        NextButton,
        sized_button(
            "learn-next",
            Tr::new("learn-next"),
            14.0,
            |_: On<Activate>, mut w: MessageWriter<LearnCommand>| {
                w.write(LearnCommand::Next);
            },
        ),
    ));
    commands.spawn((
        ChildOf(buttons),
        sized_button(
            "learn-list",
            Tr::new("learn-list"),
            14.0,
            |_: On<Activate>, mut w: MessageWriter<LearnCommand>| {
                w.write(LearnCommand::Leave);
            },
        ),
    ));
}

/// In landscape the panel stands at the top between the HUD's corners (at
/// most 600 of the 1280 design pixels wide, so it never reaches them); in
/// portrait (a phone held upright), whose HUD spans the top, below it and
/// wider.
fn arrange_for_window(
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut outer: Query<&mut Node, (With<LessonPanel>, Without<PanelBox>)>,
    mut boxes: Query<&mut Node, (With<PanelBox>, Without<LessonPanel>)>,
) {
    let Ok(window) = windows.single() else { return };
    let portrait = crate::ui::is_portrait(window);
    let (top, width) = if portrait { (px(130), percent(96)) } else { (px(8), px(600)) };
    for mut node in &mut outer {
        if node.top != top {
            node.top = top;
        }
    }
    for mut node in &mut boxes {
        if node.max_width != width {
            node.max_width = width;
        }
    }
}

/// Characters a line of the panel holds.
const LINE_CHARS: usize = 64;

/// An empty text.
fn blank() -> Tr {
    Tr::new("verbatim").with("text", "")
}

/// The title: the lesson's, or "Puzzle n".
fn title_of(session: &Session) -> Tr {
    if session.is_puzzle() {
        Tr::new(session.title.clone()).with("n", session.index + 1)
    } else {
        Tr::new(session.title.clone())
    }
}

/// What the panel says under the goal.
fn said_of(session: &Session) -> Tr {
    let stars = |n: u8| "★".repeat(usize::from(n));
    match &session.said {
        Said::Goal => blank(),
        Said::Line(key) => Tr::new(key.clone()),
        Said::Refused(Refusal::Illegal { rule: Some(rule), reason }) => {
            Tr::new("learn-illegal-rule").with("rule", rule.clone()).with("reason", reason.clone())
        }
        Said::Refused(Refusal::Illegal { rule: None, .. }) => Tr::new("learn-illegal"),
        Said::Refused(Refusal::NotTheIdea(key)) => Tr::new(key.clone()),
        Said::Done(n) if session.is_puzzle() => Tr::new("learn-puzzle-solved").with("stars", stars(*n)),
        Said::Done(n) => Tr::new("learn-lesson-done").with("stars", stars(*n)),
    }
}

#[allow(clippy::type_complexity)]
fn update_panel(
    learning: Res<Learning>,
    mut panels: Query<&mut Visibility, With<LessonPanel>>,
    mut texts: ParamSet<(
        Query<&mut Tr, With<TitleText>>,
        Query<&mut Tr, With<GoalText>>,
        Query<(&mut Tr, &mut TextColor), With<SaidText>>,
    )>,
    mut buttons: ParamSet<(Query<&mut Node, With<HintButton>>, Query<&mut Node, With<NextButton>>)>,
) {
    if !learning.is_changed() {
        return;
    }
    let shown = if learning.0.is_some() { Visibility::Inherited } else { Visibility::Hidden };
    for mut visibility in &mut panels {
        *visibility = shown;
    }
    let Some(session) = learning.0.as_ref() else { return };
    for mut tr in &mut texts.p0() {
        *tr = title_of(session);
    }
    for mut tr in &mut texts.p1() {
        // Once done, the last step's line (what just happened) stands in
        // for the goal.
        let key = match (&session.said, session.last_line()) {
            (Said::Done(_), Some(line)) => line.to_owned(),
            _ => session.goal.clone(),
        };
        *tr = Tr::new(key).wrapped(LINE_CHARS);
    }
    let colour = match session.said {
        Said::Refused(_) => theme::REFUSED,
        Said::Done(_) => theme::GOLD,
        _ => theme::BEST_MOVE,
    };
    for (mut tr, mut color) in &mut texts.p2() {
        *tr = said_of(session).wrapped(LINE_CHARS);
        color.0 = colour;
    }
    let display = |on: bool| if on { Display::Flex } else { Display::None };
    for mut node in &mut buttons.p0() {
        node.display = display(session.stars.is_none());
    }
    for mut node in &mut buttons.p1() {
        node.display = display(session.stars.is_some());
    }
}
