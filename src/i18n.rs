//! Localisation: every text the player reads goes through [`Locale`], which
//! holds one Fluent bundle per language from `assets/i18n/<code>.ftl`
//! (embedded at build time; adding a language is adding a file there).
//! UI texts carry a [`Tr`] component and are rewritten when the language
//! changes.

use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use crate::app_state::AppSystems;

mod table {
    include!(concat!(env!("OUT_DIR"), "/translations.rs"));
}

/// The language used when the system's is not translated, and for missing keys.
pub const FALLBACK: &str = "en";

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Locale>().add_systems(Update, apply_translations.in_set(AppSystems::View));
}

/// One language: its code and its messages.
struct Language {
    code: String,
    bundle: FluentBundle<FluentResource>,
}

/// The translations and the language in use.
#[derive(Resource)]
pub struct Locale {
    languages: Vec<Language>,
    current: usize,
    fallback: usize,
    /// The keys asked for that no language has, for the tests.
    missed: std::sync::Mutex<Vec<String>>,
}

impl Default for Locale {
    /// The system's (or browser's) language if translated, else English.
    fn default() -> Locale {
        let mut locale = Locale::new();
        if let Some(code) = sys_locale::get_locale() {
            locale.set(&code);
        }
        locale
    }
}

impl Locale {
    /// Every embedded translation, English selected.
    ///
    /// # Panics
    /// If an embedded `.ftl` file does not parse (a build-time mistake, which
    /// the tests catch).
    #[must_use]
    pub fn new() -> Locale {
        let languages: Vec<Language> = table::TRANSLATIONS
            .iter()
            .map(|(code, source)| {
                let id: LanguageIdentifier =
                    code.parse().expect("translation files are named by language code");
                let resource = FluentResource::try_new((*source).to_owned())
                    .unwrap_or_else(|(_, errors)| panic!("assets/i18n/{code}.ftl: {errors:?}"));
                let mut bundle = FluentBundle::new_concurrent(vec![id]);
                // No Unicode isolation marks: the UI font has no glyph for them.
                bundle.set_use_isolating(false);
                bundle
                    .add_resource(resource)
                    .unwrap_or_else(|errors| panic!("assets/i18n/{code}.ftl: {errors:?}"));
                Language { code: (*code).to_owned(), bundle }
            })
            .collect();
        let fallback = languages.iter().position(|l| l.code == FALLBACK).unwrap_or(0);
        Locale { languages, current: fallback, fallback, missed: std::sync::Mutex::default() }
    }

    /// The codes and native names of the languages, in file order.
    pub fn languages(&self) -> impl Iterator<Item = (&str, String)> {
        self.languages
            .iter()
            .map(|l| (l.code.as_str(), self.message(l, "language-name", None).unwrap_or_default()))
    }

    /// The code of the language in use (`en`, `fr`).
    #[must_use]
    pub fn code(&self) -> &str {
        &self.languages[self.current].code
    }

    /// Switches to the language of `code` (`fr`, `fr-FR`, `fr_CA.UTF-8`…):
    /// the exact code if translated, else its primary language. Returns
    /// whether it is translated.
    pub fn set(&mut self, code: &str) -> bool {
        let wanted = code.split(['.', '@']).next().unwrap_or_default().replace('_', "-").to_ascii_lowercase();
        let primary = wanted.split('-').next().unwrap_or_default().to_owned();
        let found = self
            .languages
            .iter()
            .position(|l| l.code.to_ascii_lowercase() == wanted)
            .or_else(|| self.languages.iter().position(|l| l.code.to_ascii_lowercase() == primary));
        if let Some(i) = found {
            self.current = i;
        }
        found.is_some()
    }

    fn message(&self, language: &Language, key: &str, args: Option<&FluentArgs>) -> Option<String> {
        let message = language.bundle.get_message(key)?;
        let pattern = message.value()?;
        let mut errors = Vec::new();
        let text = language.bundle.format_pattern(pattern, args, &mut errors);
        if !errors.is_empty() {
            warn!("translation `{key}` ({}): {errors:?}", language.code);
        }
        Some(text.into_owned())
    }

    /// The text of `key` in the current language (English if it has none,
    /// the key itself if no language has it).
    #[must_use]
    pub fn t(&self, key: &str) -> String {
        self.t_args(key, &[])
    }

    /// The text of `key` with arguments, e.g. `[("name", "Ann".into())]`.
    #[must_use]
    pub fn t_args(&self, key: &str, args: &[(&str, Arg)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(s) => fluent_args.set(*name, FluentValue::from(s.clone())),
                Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
            }
        }
        let args = (!args.is_empty()).then_some(&fluent_args);
        self.message(&self.languages[self.current], key, args)
            .or_else(|| self.message(&self.languages[self.fallback], key, args))
            .unwrap_or_else(|| {
                warn!("no translation for `{key}`");
                if let Ok(mut missed) = self.missed.lock()
                    && !missed.iter().any(|k| k == key)
                {
                    missed.push(key.to_owned());
                }
                key.to_owned()
            })
    }

    /// The keys asked for so far that no language has (each once), in the
    /// order they were first asked for; the tests fail on any.
    #[must_use]
    pub fn missed(&self) -> Vec<String> {
        self.missed.lock().map(|m| m.clone()).unwrap_or_default()
    }

    /// The keys of `code`'s file that the fallback language lacks, and those
    /// it lacks from the fallback (for tests).
    #[must_use]
    pub fn missing_keys(&self, code: &str) -> Vec<String> {
        let keys = |src: &str| -> Vec<String> {
            src.lines()
                .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim()))
                .filter(|k| !k.is_empty() && !k.starts_with('#') && !k.starts_with(' ') && !k.contains(' '))
                .map(str::to_owned)
                .collect()
        };
        let source = |c: &str| table::TRANSLATIONS.iter().find(|(code, _)| *code == c).map_or("", |(_, s)| s);
        let (ours, fallback) = (keys(source(code)), keys(source(FALLBACK)));
        fallback
            .iter()
            .filter(|k| !ours.contains(k))
            .chain(ours.iter().filter(|k| !fallback.contains(k)))
            .cloned()
            .collect()
    }
}

/// The identifier of a seat in messages (`south`…), for `$seat` selectors.
#[must_use]
pub fn seat_id(seat: game_core::Seat) -> &'static str {
    match seat {
        game_core::Seat::South => "south",
        game_core::Seat::West => "west",
        game_core::Seat::North => "north",
        game_core::Seat::East => "east",
    }
}

/// An argument of a translated text.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text, inserted as is.
    Text(String),
    /// A number (chooses plural forms).
    Number(f64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_owned())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(f64::from(n))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Number(n as f64)
    }
}

/// A UI text shown in the current language: put it next to a `Text`.
#[derive(Component, Clone, Debug, PartialEq)]
#[require(Text)]
pub struct Tr {
    /// The message key in the `.ftl` files.
    pub key: String,
    /// Its arguments.
    pub args: Vec<(&'static str, Arg)>,
    /// Break lines at spaces to keep them at most this many characters.
    pub wrap: Option<usize>,
}

impl Tr {
    /// The message `key` without arguments.
    #[must_use]
    pub fn new(key: impl Into<String>) -> Tr {
        Tr { key: key.into(), args: Vec::new(), wrap: None }
    }

    /// Breaks the text into lines of at most `chars` characters. (Laid out
    /// on fixed lines, long texts size their boxes right; Bevy 0.19's own
    /// wrapping measures a box's minimum height at its narrowest.)
    #[must_use]
    pub fn wrapped(mut self, chars: usize) -> Tr {
        self.wrap = Some(chars);
        self
    }

    /// Adds an argument.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Tr {
        self.args.push((name, value.into()));
        self
    }
}

fn apply_translations(locale: Res<Locale>, mut texts: Query<(Ref<Tr>, &mut Text)>) {
    for (tr, mut text) in &mut texts {
        if locale.is_changed() || tr.is_changed() {
            let mut value = locale.t_args(&tr.key, &tr.args);
            if let Some(width) = tr.wrap {
                value = wrap(&value, width);
            }
            if text.0 != value {
                text.0 = value;
            }
        }
    }
}

/// Breaks `text` at spaces into lines of at most `width` characters (a word
/// longer than that gets a line of its own). Existing line breaks stay.
#[must_use]
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for (i, paragraph) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut line = 0;
        for (j, word) in paragraph.split(' ').enumerate() {
            let n = word.chars().count();
            if j > 0 && line + 1 + n > width {
                out.push('\n');
                line = 0;
            } else if j > 0 {
                out.push(' ');
                line += 1;
            }
            out.push_str(word);
            line += n;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_wraps_at_spaces() {
        assert_eq!(wrap("one two three four", 9), "one two\nthree\nfour");
        assert_eq!(wrap("a verylongword b", 4), "a\nverylongword\nb");
        assert_eq!(wrap("x\ny z", 3), "x\ny z");
    }

    #[test]
    fn every_language_has_every_key() {
        let locale = Locale::new();
        assert!(locale.languages().count() >= 2);
        for (code, name) in locale.languages() {
            assert!(!name.is_empty(), "{code} has no language-name");
            assert_eq!(locale.missing_keys(code), Vec::<String>::new(), "{code}");
        }
    }

    /// The Rust sources of this crate and the lesson files, as (path, text).
    fn sources() -> Vec<(std::path::PathBuf, String)> {
        fn walk(dir: &std::path::Path, out: &mut Vec<(std::path::PathBuf, String)>) {
            for entry in std::fs::read_dir(dir).expect("the sources are readable").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs" || e == "json") {
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    out.push((path, text));
                }
            }
        }
        let mut out = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        // The app's code, and the games' boundary, which names each game's
        // texts (its name, hints, outcomes).
        walk(&root.join("src"), &mut out);
        walk(&root.join("crates/games/src"), &mut out);
        // Lessons and puzzles: their crate names the puzzles' texts, their
        // data files the lessons' (`assets/lessons/*.json`).
        walk(&root.join("crates/learn/src"), &mut out);
        walk(&root.join("assets/lessons"), &mut out);
        out
    }

    /// The string literals of `text` (no raw strings; enough for keys).
    fn literals(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let mut rest = text;
        while let Some(start) = rest.find('"') {
            let body = &rest[start + 1..];
            let mut end = None;
            let mut escaped = false;
            for (i, c) in body.char_indices() {
                match c {
                    '\\' if !escaped => escaped = true,
                    '"' if !escaped => {
                        end = Some(i);
                        break;
                    }
                    _ => escaped = false,
                }
            }
            let Some(end) = end else { break };
            out.push(&body[..end]);
            rest = &body[end + 1..];
        }
        out
    }

    fn file_keys() -> Vec<String> {
        let source = table::TRANSLATIONS.iter().find(|(c, _)| *c == FALLBACK).map(|(_, s)| *s).unwrap();
        source
            .lines()
            .filter_map(|l| l.split_once(" =").map(|(k, _)| k))
            .filter(|k| !k.is_empty() && !k.starts_with(['#', ' ']) && !k.contains(' '))
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn every_key_the_code_asks_for_is_translated() {
        let keys = file_keys();
        let mut unknown = Vec::new();
        for (path, text) in sources() {
            for call in ["Tr::new(\"", ".t(\"", "t_args(\""] {
                for (at, _) in text.match_indices(call) {
                    let key = text[at + call.len()..].split('"').next().unwrap_or_default();
                    if !keys.iter().any(|k| k == key) && key != "no-such-key" {
                        unknown.push(format!("{}: {key}", path.display()));
                    }
                }
            }
        }
        assert!(unknown.is_empty(), "keys with no translation:\n{}", unknown.join("\n"));
    }

    #[test]
    fn every_translated_key_is_used_by_the_code() {
        let mut used: Vec<String> = Vec::new();
        for (_, text) in sources() {
            used.extend(literals(&text).into_iter().map(str::to_owned));
        }
        // Keys built from a literal and a suffix: rules pages
        // (`format!("{key}-title")`) and game descriptions.
        let composed = |k: &str| {
            ["-title", "-text", "-description"]
                .iter()
                .any(|suffix| k.strip_suffix(suffix).is_some_and(|stem| used.iter().any(|u| u == stem)))
        };
        let unused: Vec<String> =
            file_keys().into_iter().filter(|k| !used.contains(k) && !composed(k)).collect();
        assert!(unused.is_empty(), "keys no code uses: {unused:?}");
    }

    #[test]
    fn a_missing_key_is_recorded_once() {
        let locale = Locale::new();
        assert_eq!(locale.missed(), Vec::<String>::new());
        let _ = locale.t("no-such-key");
        let _ = locale.t("no-such-key");
        assert_eq!(locale.missed(), vec!["no-such-key".to_owned()]);
    }

    #[test]
    fn languages_are_chosen_by_code_and_fall_back_to_english() {
        let mut locale = Locale::new();
        assert!(locale.set("fr_FR.UTF-8"));
        assert_eq!(locale.code(), "fr");
        assert!(!locale.set("xx-YY"));
        assert_eq!(locale.code(), "fr", "an unknown language changes nothing");
        assert!(locale.set("en-GB"));
        assert_eq!(locale.t("no-such-key"), "no-such-key");
    }
}
