//! The published contract is what the code generates.

use crate::helpers::{Backend, TestApp};

#[test]
fn committed_openapi_document_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi/openapi.json");
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    let generated = loyalty_http::openapi::document_json();
    assert!(committed == generated, "openapi/openapi.json is stale: run `just openapi` and commit the result");
}

/// A change of the contract comes with a new `info.version` and its `CHANGELOG.md` entry: the
/// committed stamp (`openapi/openapi.stamp`, written by `just openapi`, which refuses a change
/// that keeps the version) is the version and the fingerprint of the document now.
#[test]
fn the_contract_changes_only_with_a_new_version_and_its_changelog_entry() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    let stamp = std::fs::read_to_string(format!("{root}openapi/openapi.stamp")).unwrap_or_default();
    let mut parts = stamp.split_whitespace();
    let (version, print) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
    let (now_version, now_print) = (loyalty_http::openapi::CONTRACT_VERSION, loyalty_http::openapi::fingerprint());
    assert!(
        print == now_print || version != now_version,
        "the contract changed but info.version is still {now_version}: bump CONTRACT_VERSION \
         (crates/http/src/openapi.rs), add its CHANGELOG.md entry, then run `just openapi`"
    );
    assert!(
        (version, print) == (now_version, now_print.as_str()),
        "openapi/openapi.stamp is stale: run `just openapi` and commit it"
    );
    let changelog = std::fs::read_to_string(format!("{root}CHANGELOG.md")).unwrap_or_default();
    assert!(
        changelog.lines().any(|line| line.starts_with(&format!("## [{now_version}]"))),
        "CHANGELOG.md has no `## [{now_version}]` entry"
    );
    // The version refuses to stay put under a change (what `just openapi` runs).
    let changed = format!("{now_version} {}", "0".repeat(64));
    assert!(loyalty_http::openapi::next_stamp(&changed).is_err());
    assert!(loyalty_http::openapi::next_stamp("0.0.1 abc").is_ok());
}

#[test]
fn every_operation_documents_its_errors() {
    let doc: serde_json::Value = serde_json::from_str(&loyalty_http::openapi::document_json()).unwrap_or_default();
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().cloned().unwrap_or_default();
    assert!(paths.len() >= 6, "{paths:?}");
    for (path, ops) in paths {
        for (method, op) in ops.as_object().cloned().unwrap_or_default() {
            let responses = op["responses"].as_object().cloned().unwrap_or_default();
            // Public operations say `security: []`; secured ones name a scheme.
            let secured = op["security"].as_array().is_some_and(|requirements| !requirements.is_empty());
            assert!(op["security"].is_array(), "{method} {path} says nothing about security");
            if secured {
                assert!(responses.contains_key("401"), "{method} {path} needs a 401 response");
            }
            assert!(responses.keys().any(|s| s.starts_with('2')), "{method} {path} has no success response");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn served_document_matches_the_generated_one() {
    let Some(app) = TestApp::spawn(Backend::Sqlite).await else {
        return;
    };
    let (status, served) = app.get("/api/v1/openapi.json", None).await;
    assert_eq!(status, 200);
    let generated: serde_json::Value =
        serde_json::from_str(&loyalty_http::openapi::document_json()).unwrap_or_default();
    assert_eq!(served, generated);
}

/// Every Rust source file of the workspace, as one text per file.
fn workspace_sources() -> Vec<(std::path::PathBuf, String)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<(std::path::PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push((path.clone(), std::fs::read_to_string(&path).unwrap_or_default()));
            }
        }
    }
    let mut out = Vec::new();
    walk(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")), &mut out);
    out
}

/// A message or an error code nobody produces is a rule that was removed in one place only.
#[test]
fn every_message_and_error_code_is_used() {
    let sources = workspace_sources();
    assert!(sources.len() > 20, "found {} files", sources.len());
    // How often a name is written, outside `skip`, as a whole name (`Msg::TooLong` is not
    // found in `Msg::TooLongName`).
    let mentions = |needle: &str, skip: &str| -> usize {
        sources
            .iter()
            .filter(|(path, _)| !path.ends_with(skip))
            .map(|(_, text)| {
                text.match_indices(needle)
                    .filter(|(i, _)| {
                        !text[i + needle.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                    })
                    .count()
            })
            .sum()
    };
    for msg in loyalty_domain::Msg::ALL {
        let needle = format!("Msg::{msg:?}");
        // The table's own file (other files are named `messages.rs` too: customer messages).
        assert!(mentions(&needle, "domain/src/messages.rs") >= 1, "{needle} is never used");
    }
    for code in loyalty_http::ErrorCode::ALL {
        // `ALL` comes from the enum itself: a code in use is named where it is produced.
        let needle = format!("ErrorCode::{code:?}");
        assert!(mentions(&needle, "contract.rs") >= 1, "{needle} is never produced");
    }
}

/// The README's configuration table states each default the server really has (`serve --help`
/// prints clap's defaults, which read the code's constants).
#[test]
fn the_readme_states_the_servers_defaults() {
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_loyalty"))
        .args(["serve", "--help"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap_or_default();
    let mut checked = 0;
    for line in help.lines() {
        let (Some(env_at), Some(default_at)) = (line.find("[env: "), line.find("[default: ")) else { continue };
        let name = line[env_at + 6..].split(['=', ']']).next().unwrap_or_default();
        let default = line[default_at + 10..].split(']').next().unwrap_or_default();
        let row = readme.lines().find(|l| l.starts_with('|') && l.contains(&format!("`{name}`")));
        let Some(row) = row else { panic!("README has no row for {name}") };
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let names: Vec<&str> = cells[1].split(" / ").collect();
        let defaults: Vec<&str> = cells[2].split(" / ").collect();
        let position = names.iter().position(|n| *n == format!("`{name}`"));
        let stated = position.and_then(|i| defaults.get(i)).copied().unwrap_or_default();
        assert_eq!(stated, format!("`{default}`"), "README's default for {name}");
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} defaults found in:\n{help}");
}
