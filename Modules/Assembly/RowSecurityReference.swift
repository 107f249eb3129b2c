import Core
import Storage

/// docs/row-security.md: every table's grant, policies and export, written from the
/// modules' `TableAccess` declarations (`app-shell --row-security-reference`, `make docs`),
/// so the page says what setup creates.
public enum RowSecurityReference {
    /// The Markdown page for Storage's tables and then each plugin's, in the order setup
    /// creates their policies.
    public static func generate(plugins: [any ModulePlugin]) -> String {
        let modules = AppAssembly.tableAccessByModule(plugins)
        var lines = [
            "# Row-level security, table by table",
            "",
            "<!-- Written by `make docs` (app-shell --row-security-reference) from each module's `TableAccess`"
                + " declarations; edit those, not this page. -->",
            "",
            "What members of a shared PostgreSQL server may do to each table, as `admin.setup()` grants it and the"
                + " policies it creates say, and whether the export document carries the table's rows. Each module"
                + " declares its tables beside its schema. Roles, functions and how the server is set up:"
                + " docs/postgres-internals.md.",
            "",
            "A member's grant is table-level `SELECT` and `INSERT` at most: `UPDATE` is granted column by column"
                + " and deletes go through `app_delete`, so no member may `LOCK TABLE` against the others."
                + " `me` is `(SELECT id FROM app_me)`, the id of the users row named `session_user`. Policies apply"
                + " to every role, the owner included (`FORCE`); a `definer` policy applies only to the owner, for"
                + " the `SECURITY DEFINER` functions.",
            "",
            "| table | module | members' grant | policies | exported |",
            "| --- | --- | --- | --- | --- |",
        ]
        for (module, tables) in modules {
            for table in tables {
                let export: String
                switch table.export {
                case .section(let name): export = "section `\(name)`"
                case .notExported(let reason): export = "no: \(reason)"
                }
                lines.append(
                    "| `\(table.table)` | \(module) | \(cell(table.grantText)) | \(cell(table.summary)) | \(cell(export)) |"
                )
            }
        }
        lines += ["", "## The policies", ""]
        for (_, tables) in modules {
            for table in tables {
                lines.append("### `\(table.table)`")
                lines.append("")
                for policy in table.policies {
                    var line =
                        "- `\(policy.name)`, \(policy.command)\(policy.ownerOnly ? ", `definer` (the owner only)" : "")"
                    if let using = policy.using { line += ": USING `\(using)`" }
                    if let check = policy.check { line += "\(policy.using == nil ? ":" : ";") WITH CHECK `\(check)`" }
                    lines.append(line)
                }
                lines.append("")
            }
        }
        lines.append(
            "Every identity column also gets two restrictive policies, `<table>_<column>_issued_insert` and `_update`:"
                + " a row's number must be one its sequence has given out already (docs/postgres-internals.md).")
        return lines.joined(separator: "\n")
    }

    /// Text for a table cell: a `|` would end the cell.
    private static func cell(_ text: String) -> String { text.replacing("|", with: "\\|") }
}
