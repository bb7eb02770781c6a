//! The settings (`schemas/settings.schema.json`, `--settings` or
//! `ROOT/.saguaro/settings.json`) and what `--approve` grants: the vocabulary every format
//! and every stage reads — path rules, permission mode, fuzzy defaults, linter and test
//! commands per language. Who may run what is `action::policy`'s to decide.

use crate::feedback::{Error, ErrorCode};
use crate::schema::{self, Contract};
use crate::textmatch::Tier;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The settings file, as its schema defines it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    #[serde(default)]
    pub schema_version: Option<String>,
    pub permission_mode: PermissionMode,
    #[serde(default)]
    pub deny_paths: Vec<String>,
    #[serde(default)]
    pub allow_paths_write: Vec<String>,
    /// Linter and test commands per language name, for verification.
    #[serde(default)]
    pub languages: BTreeMap<String, LanguageCommands>,
    #[serde(default)]
    pub fuzzy: FuzzyDefaults,
    #[serde(default)]
    pub command_timeout_seconds: Option<f64>,
    /// KEYSTONE files (spec 002 §3): gitignore-style globs of files that are only ever
    /// sent whole.
    #[serde(default)]
    pub keystone_paths: Vec<String>,
    /// `false` turns the whole-file mandate (KEYSTONE files, files past
    /// `whole_file_zones.whole_file_percent`) into advice: context-located patches apply.
    #[serde(default)]
    pub enforce_whole_file: Option<bool>,
    /// The rows of 002 §3's threshold table.
    #[serde(default)]
    pub whole_file_zones: WholeFileZones,
}

/// Where the rows of 002 §3's threshold table begin: how much of a file a session has
/// changed, and how many patches it took, before the advice moves from patch blocks to
/// caution, to the editor's call (a warning), to the whole file, mandatory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WholeFileZones {
    /// Caution from this percent changed (30).
    pub caution_percent: usize,
    /// The editor's call, with a warning, from this percent (50).
    pub warning_percent: usize,
    /// The whole file, mandatory, past this percent (70).
    pub whole_file_percent: usize,
    /// Caution from this many patches (6).
    pub caution_patches: usize,
    /// The editor's call, with a warning, from this many patches (8).
    pub warning_patches: usize,
    /// More context lines from this many ambiguous matches on a file (3).
    pub ambiguous_matches: usize,
}

impl WholeFileZones {
    /// Whether a file `percent` changed is past the whole-file zone (the mandate's row).
    pub fn past_whole_file(&self, percent: usize) -> bool {
        percent > self.whole_file_percent
    }
}

impl Default for WholeFileZones {
    fn default() -> WholeFileZones {
        WholeFileZones {
            caution_percent: 30,
            warning_percent: 50,
            whole_file_percent: 70,
            caution_patches: 6,
            warning_patches: 8,
            ambiguous_matches: 3,
        }
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
pub enum PermissionMode {
    #[default]
    #[serde(rename = "default")]
    Default,
    #[serde(rename = "acceptEdits")]
    AcceptEdits,
    #[serde(rename = "autopilot")]
    Autopilot,
}

impl PermissionMode {
    pub fn as_str(self) -> &'static str {
        match self {
            PermissionMode::Default => "default",
            PermissionMode::AcceptEdits => "acceptEdits",
            PermissionMode::Autopilot => "autopilot",
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LanguageCommands {
    #[serde(default)]
    pub linter: Option<Vec<String>>,
    #[serde(default)]
    pub tests: Option<Vec<String>>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FuzzyDefaults {
    #[serde(default)]
    pub fallback_strategy: Option<FallbackStrategy>,
    #[serde(default)]
    pub threshold: Option<f64>,
}

/// Where settings are looked for when `--settings` is not given.
pub const SETTINGS_FILE: &str = ".saguaro/settings.json";

impl Settings {
    /// `explicit`, else `ROOT/.saguaro/settings.json` when it exists, else the defaults
    /// (permission mode `default`, no path rules).
    pub fn find(root: &Path, explicit: Option<&Path>) -> Result<Settings, Vec<Error>> {
        let path: PathBuf = match explicit {
            Some(path) => path.to_path_buf(),
            None => {
                let path = root.join(SETTINGS_FILE);
                if !path.is_file() {
                    return Ok(Settings::default());
                }
                path
            }
        };
        Settings::load(&path)
    }

    /// Reads and checks a settings file: JSON, the schema, then the serde types.
    pub fn load(path: &Path) -> Result<Settings, Vec<Error>> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| vec![Error::unreadable_file(&shown, &e)])?;
        Settings::parse(&text).map_err(|errors| errors.into_iter().map(|e| e.in_file(&shown)).collect())
    }

    pub fn parse(text: &str) -> Result<Settings, Vec<Error>> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            vec![Error::new(
                ErrorCode::InvalidFormat,
                format!("the settings are not JSON: {e}"),
                r#"settings are a JSON object such as {"permission_mode": "acceptEdits"}"#,
            )]
        })?;
        schema::validate(Contract::Settings, &value)?;
        let settings: Settings = serde_json::from_value(value).map_err(|e| {
            vec![Error::new(
                ErrorCode::InvalidFormat,
                format!("the settings do not read: {e}"),
                format!("see {}", Contract::Settings.file()),
            )]
        })?;
        let z = settings.whole_file_zones;
        if !(z.caution_percent <= z.warning_percent && z.warning_percent <= z.whole_file_percent)
            || z.caution_patches > z.warning_patches
        {
            return Err(vec![Error::new(
                ErrorCode::InvalidFormat,
                format!(
                    "the whole_file_zones do not rise: {}% / {}% / {}% and {} / {} patches",
                    z.caution_percent, z.warning_percent, z.whole_file_percent, z.caution_patches, z.warning_patches
                ),
                "give caution_percent <= warning_percent <= whole_file_percent and caution_patches <= warning_patches (the defaults are 30, 50, 70 and 6, 8)",
            )]);
        }
        Ok(settings)
    }

    /// Whether the whole-file mandate refuses (the default) or only advises.
    pub fn enforces_whole_file(&self) -> bool {
        self.enforce_whole_file.unwrap_or(true)
    }
}

/// What `--approve` grants: `all`, or approval group ids and action ids.
#[derive(Debug, Clone, Default)]
pub struct Approvals {
    pub all: bool,
    pub names: Vec<String>,
}

impl Approvals {
    pub fn from_args(values: &[String]) -> Approvals {
        Approvals {
            all: values.iter().any(|v| v == "all"),
            names: values.iter().filter(|v| *v != "all").cloned().collect(),
        }
    }
}

/// What to try when the text does not match exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FallbackStrategy {
    /// Exact lines only.
    None,
    /// Whitespace, blank lines and a uniform indentation shift too: every line still there.
    LineAnchor,
    /// Every tier, similarity at or above `fuzzy_threshold` included.
    Fuzzy,
}

impl FallbackStrategy {
    pub fn last_tier(self) -> Tier {
        match self {
            FallbackStrategy::None => Tier::Exact,
            FallbackStrategy::LineAnchor => Tier::Indentation,
            FallbackStrategy::Fuzzy => Tier::Fuzzy,
        }
    }
}
