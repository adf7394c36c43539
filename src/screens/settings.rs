//! The settings: language, animation speed, legal-move hints, camera, sound,
//! colours, the coach's hints and graphics. Every change is applied and saved at once.

use bevy::prelude::*;
use bevy::ui_widgets::Activate;

use super::choices::{Choice, choice_button};
use super::flow::BackTo;
use crate::app_state::AppSystems;
use crate::app_state::Screen;
use crate::i18n::{Locale, Tr};
use crate::quality::{QualityReason, RenderQuality};
use crate::settings::{AnimationSpeed, GraphicsQuality, HintsAllowed, Palette, Settings};
use crate::theme;
use crate::ui::{self, button, label, panel, screen_root, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Settings), spawn_settings).add_systems(
        Update,
        (show_volume, show_quality).run_if(in_state(Screen::Settings)).in_set(AppSystems::View),
    );
}

#[derive(Component)]
struct VolumeText;

/// The line saying which quality is in use (Auto's choice, and why).
#[derive(Component)]
struct QualityText;

fn quality_in_use(quality: RenderQuality) -> Tr {
    let reason = match quality.reason {
        QualityReason::SoftwareRenderer => "software",
        QualityReason::SlowFrames => "slow",
        QualityReason::Session => "session",
        QualityReason::Chosen | QualityReason::Auto => "other",
    };
    Tr::new("quality-in-use").with("level", quality.level.id()).with("reason", reason)
}

fn spawn_settings(
    mut commands: Commands,
    locale: Res<Locale>,
    settings: Res<Settings>,
    quality: Option<Res<RenderQuality>>,
) {
    let root = commands.spawn((screen_root("settings", 0.55), DespawnOnExit(Screen::Settings))).id();
    let form = commands.spawn((ChildOf(root), panel(10.0))).id();
    // The title, and Back at its right.
    let head = commands
        .spawn((
            ChildOf(form),
            Node { justify_content: JustifyContent::SpaceBetween, flex_shrink: 0.0, ..ui::form_row() },
        ))
        .id();
    commands.spawn((ChildOf(head), text(Tr::new("settings-title"), 34.0, theme::GOLD)));
    commands.spawn((
        ChildOf(head),
        button(
            "back",
            Tr::new("back"),
            |_: On<Activate>, back: Res<BackTo>, mut next: ResMut<NextState<Screen>>| {
                next.set(back.0);
            },
        ),
    ));

    let grid = commands.spawn((ChildOf(form), ui::form(6.0))).id();
    let add_row = |commands: &mut Commands, key: &str| -> Entity {
        let line = commands.spawn((ChildOf(grid), ui::form_row())).id();
        commands.spawn((ChildOf(line), ui::form_label(Tr::new(key))));
        commands.spawn((ChildOf(line), ui::controls(8.0))).id()
    };

    let line = add_row(&mut commands, "settings-language");
    commands.spawn((
        ChildOf(line),
        choice_button("lang-system", Tr::new("language-system"), Choice::Language(None)),
    ));
    for (code, name) in locale.languages() {
        commands.spawn((
            ChildOf(line),
            choice_button(
                &format!("lang-{code}"),
                Tr::new("verbatim").with("text", name),
                Choice::Language(Some(code.to_owned())),
            ),
        ));
    }

    let line = add_row(&mut commands, "settings-animation");
    for (id, key, speed) in [
        ("anim-off", "off", AnimationSpeed::Off),
        ("anim-normal", "speed-normal", AnimationSpeed::Normal),
        ("anim-fast", "speed-fast", AnimationSpeed::Fast),
    ] {
        commands.spawn((ChildOf(line), choice_button(id, Tr::new(key), Choice::Animation(speed))));
    }

    for (key, id, on, off) in [
        ("settings-legal-moves", "legal", Choice::ShowLegalMoves(true), Choice::ShowLegalMoves(false)),
        ("settings-auto-rotate", "rotate", Choice::AutoRotate(true), Choice::AutoRotate(false)),
        ("settings-mute-unfocused", "mute", Choice::MuteUnfocused(true), Choice::MuteUnfocused(false)),
        ("settings-memory-mode", "memory", Choice::MemoryMode(true), Choice::MemoryMode(false)),
    ] {
        let line = add_row(&mut commands, key);
        commands.spawn((ChildOf(line), choice_button(&format!("{id}-on"), Tr::new("on"), on)));
        commands.spawn((ChildOf(line), choice_button(&format!("{id}-off"), Tr::new("off"), off)));
    }

    let line = add_row(&mut commands, "settings-volume");
    commands.spawn((ChildOf(line), choice_button("volume-down", Tr::new("minus"), Choice::VolumeBy(-10))));
    commands.spawn((
        ChildOf(line),
        VolumeText,
        label(Tr::new("percent").with("n", (settings.volume * 100.0).round() as u32)),
        Node { min_width: px(70), justify_content: JustifyContent::Center, ..default() },
    ));
    commands.spawn((ChildOf(line), choice_button("volume-up", Tr::new("plus"), Choice::VolumeBy(10))));

    let line = add_row(&mut commands, "settings-palette");
    commands.spawn((
        ChildOf(line),
        choice_button("palette-classic", Tr::new("palette-classic"), Choice::Palette(Palette::Classic)),
    ));
    commands.spawn((
        ChildOf(line),
        choice_button(
            "palette-safe",
            Tr::new("palette-colour-blind"),
            Choice::Palette(Palette::ColourBlindSafe),
        ),
    ));

    let line = add_row(&mut commands, "settings-hints");
    for (id, key, h) in [
        ("hints-always", "hints-always", HintsAllowed::Always),
        ("hints-no-clocks", "hints-without-clocks", HintsAllowed::WithoutClocks),
        ("hints-never", "hints-never", HintsAllowed::Never),
    ] {
        commands.spawn((ChildOf(line), choice_button(id, Tr::new(key), Choice::Hints(h))));
    }

    let line = add_row(&mut commands, "settings-quality");
    for (id, key, q) in [
        ("quality-auto", "quality-auto", GraphicsQuality::Auto),
        ("quality-high", "quality-high", GraphicsQuality::High),
        ("quality-low", "quality-low", GraphicsQuality::Low),
    ] {
        commands.spawn((ChildOf(line), choice_button(id, Tr::new(key), Choice::Quality(q))));
    }
    commands.spawn((
        ChildOf(form),
        QualityText,
        text(quality_in_use(quality.as_deref().copied().unwrap_or_default()), 15.0, ui::TEXT_DIM),
    ));
}

fn show_volume(settings: Res<Settings>, mut texts: Query<&mut Tr, With<VolumeText>>) {
    if settings.is_changed() {
        for mut tr in &mut texts {
            *tr = Tr::new("percent").with("n", (settings.volume * 100.0).round() as u32);
        }
    }
}

fn show_quality(quality: Option<Res<RenderQuality>>, mut texts: Query<&mut Tr, With<QualityText>>) {
    let Some(quality) = quality.filter(|q| q.is_changed()) else { return };
    for mut tr in &mut texts {
        *tr = quality_in_use(*quality);
    }
}
