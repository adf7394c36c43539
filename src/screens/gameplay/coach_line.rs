//! The coach while playing: H (or a gamepad's Y, or the toolbar's button)
//! asks for a hint, and a line above the board says what the coach has to
//! say: the hint's move, why there is none, or how a move played again
//! ("try again from here") compares with the first.

use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;

use crate::app_state::{AppSystems, Overlay, Screen};
use crate::coach::try_again::Comparison;
use crate::coach::{Hint, HintRequest, TryAgain};
use crate::i18n::{Arg, Locale};
use crate::learn::{LearnCommand, Learning};
use crate::play::{GameFlow, Match};
use crate::texts::seat_name;
use crate::theme;
use crate::ui::PANEL;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Gameplay), spawn_coach_line).add_systems(
        Update,
        (hint_keys.in_set(AppSystems::Input), update_coach_line.in_set(AppSystems::View))
            .run_if(in_state(Screen::Gameplay)),
    );
}

/// H on the keyboard, Y (the pad's north button) on a gamepad.
fn hint_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    pads: Query<&Gamepad>,
    flow: Res<GameFlow>,
    learning: Res<Learning>,
    mut requests: MessageWriter<HintRequest>,
    mut learn: MessageWriter<LearnCommand>,
) {
    if !flow.accepting_input {
        return;
    }
    let key = keys.is_some_and(|k| k.just_pressed(KeyCode::KeyH));
    if key || pads.iter().any(|p| p.just_pressed(GamepadButton::North)) {
        // A lesson's or puzzle's hint is its own move, not a search's.
        if learning.0.is_some() {
            learn.write(LearnCommand::Hint);
        } else {
            requests.write(HintRequest);
        }
    }
}

#[derive(Component)]
struct CoachLine;

fn spawn_coach_line(mut commands: Commands) {
    commands
        .spawn((
            Name::new("coach line"),
            DespawnOnExit(Screen::Gameplay),
            Node {
                position_type: PositionType::Absolute,
                bottom: px(108),
                width: percent(100),
                justify_content: JustifyContent::Center,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|outer| {
            outer.spawn((
                CoachLine,
                Node {
                    padding: UiRect::axes(px(14), px(8)),
                    border_radius: BorderRadius::all(px(10)),
                    max_width: percent(92),
                    ..default()
                },
                BackgroundColor(PANEL.with_alpha(0.85)),
                Text::new(""),
                TextFont::from_font_size(18.0),
                TextColor(theme::BEST_MOVE),
                Visibility::Hidden,
                Pickable::IGNORE,
            ));
        });
}

/// What the coach says now, if anything: the try-again's news first, then
/// the hint's.
fn coach_says(game: &Match, hint: &Hint, try_again: &TryAgain, locale: &Locale) -> Option<String> {
    let percent = |c: f64| -> Arg { ((c * 100.0).round() as u32).into() };
    if let Some(attempt) = &try_again.attempt {
        let old = &attempt.old;
        let verdict = |v: games::Verdict| locale.t(theme::verdict_key(v));
        let Some(new) = &attempt.new else {
            let key = if attempt.is_judging() { "try-again-judging" } else { "try-again-prompt" };
            let played = game.game().ply_texts().get(old.ply - 1).cloned().flatten().unwrap_or_default();
            return Some(locale.t_args(
                key,
                &[
                    ("ply", old.ply.into()),
                    ("name", seat_name(game, old.seat, locale).into()),
                    ("move", old.played_text.as_str().into()),
                    ("verdict", verdict(old.verdict).into()),
                    ("new", played.into()),
                ],
            ));
        };
        let key = match attempt.comparison()? {
            Comparison::Best => "try-again-best",
            Comparison::Better => "try-again-better",
            Comparison::Same => "try-again-same",
            Comparison::AsGood => "try-again-as-good",
            Comparison::Worse => "try-again-worse",
        };
        return Some(locale.t_args(
            key,
            &[
                ("move", new.played_text.as_str().into()),
                ("old", old.played_text.as_str().into()),
                ("after", percent(new.after)),
                ("old_after", percent(old.after)),
                ("best", old.best_text.as_str().into()),
                ("verdict", verdict(new.verdict).into()),
            ],
        ));
    }
    if let Some(action) = hint.shown() {
        let text = game.game().action_text(action)?;
        let stack = game.displayed().stack(action.from).len();
        let key = match (stack > 1, action.whole) {
            (true, true) => "coach-hint-whole",
            (true, false) => "coach-hint-top",
            _ => "coach-hint",
        };
        return Some(locale.t_args(key, &[("move", text.into())]));
    }
    if hint.is_searching() {
        return Some(locale.t("coach-hint-searching"));
    }
    hint.refused().map(|key| locale.t(key))
}

fn update_coach_line(
    game: Option<Res<Match>>,
    hint: Res<Hint>,
    try_again: Res<TryAgain>,
    locale: Res<Locale>,
    overlay: Option<Res<State<Overlay>>>,
    mut lines: Query<(&mut Text, &mut Visibility), With<CoachLine>>,
) {
    let Some(game) = game else { return };
    let overlay_changed = overlay.as_ref().is_some_and(|o| o.is_changed());
    if !game.is_changed()
        && !hint.is_changed()
        && !try_again.is_changed()
        && !locale.is_changed()
        && !overlay_changed
    {
        return;
    }
    let playing = overlay.is_none_or(|o| *o.get() == Overlay::None);
    let says = coach_says(&game, &hint, &try_again, &locale).filter(|_| playing);
    for (mut text, mut visibility) in &mut lines {
        match &says {
            Some(line) => {
                if text.0 != *line {
                    text.0 = line.clone();
                }
                *visibility = Visibility::Inherited;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}
