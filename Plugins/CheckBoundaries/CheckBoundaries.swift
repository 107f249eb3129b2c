import Foundation
import PackagePlugin

/// `swift package check-boundaries`: fails when a module reaches past its boundary.
///
/// - Time (days, instants, zones, clocks) depends on nothing of the package: it is below
///   everything, and imports only the toolchain's modules below.
/// - Core depends on Time and CUTF8Proc (Unicode normalization, a small C library with no
///   dependencies of its own), and imports only them, the standard library,
///   FoundationEssentials, Synchronization and the platform's C library (Glibc or Musl:
///   `Signposter` reads `clock_gettime` directly, see docs/performance.md).
/// - Formats (JSON, CSV, zip, SHA-256, GPX, QR codes, the export document) depends on Core,
///   Time, CZlib (zlib's inflater), CXml (libxml2's streaming reader) and CQRencode
///   (libqrencode) only, the last two loaded on first use.
/// - A feature target (Habits, Profiles, Mates, Walks, BookStories) may depend on and
///   import Time, Core, Formats and Storage only: never another feature, Scripting or a C
///   target. Of the toolchain's modules it may import FoundationEssentials, never all of
///   Foundation, which links ICU's data and CoreFoundation into app-shell
///   (docs/performance.md).
/// - Assembly, the composition root, is on top: only the apps and the tests (and their
///   support target, AppTestSupport) depend on it,
///   and it depends on no front end (Scripting, Lua, the line editor, HTTP).
@main
struct CheckBoundaries: CommandPlugin {
    static let features: Set<String> = ["Habits", "Profiles", "Mates", "Walks", "BookStories"]
    static let featureMayUse: Set<String> = ["Time", "Core", "Formats", "Storage"]
    static let systemModules: Set<String> = [
        "FoundationEssentials", "Synchronization", "Dispatch", "Glibc", "Musl",
    ]
    /// What each module below the features may depend on, of the package's own targets.
    static let foundationMayUse: [String: Set<String>] = [
        "Time": [], "Core": ["Time", "CUTF8Proc"], "Formats": ["Core", "Time", "CZlib", "CXml", "CQRencode"],
    ]
    /// Of the toolchain's modules, what the modules below the features may import.
    static let foundationSystemModules: Set<String> = [
        "FoundationEssentials", "Synchronization", "Glibc", "Musl",
    ]
    static let assembly = "Assembly"
    /// The targets under Tests/Support that the tests alone depend on.
    static let testSupport: Set<String> = ["AppTestSupport"]
    static let assemblyMayNotUse: Set<String> = ["Scripting", "CLua", "CEdit", "CHTTP", "CDBus"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let targets = context.package.targets
        let ownModules = Set(targets.map(\.name))
        var problems: [String] = []
        for target in targets {
            let name = target.name
            let below = Self.foundationMayUse[name]
            guard Self.features.contains(name) || below != nil else { continue }
            let allowed = below ?? Self.featureMayUse
            for dependency in target.dependencies {
                switch dependency {
                case .target(let other) where !allowed.contains(other.name):
                    problems.append("\(name) depends on \(other.name)")
                case .product(let product):
                    problems.append("\(name) depends on the product \(product.name)")
                default: break
                }
            }
            guard let sources = target as? SourceModuleTarget else { continue }
            for file in sources.sourceFiles(withSuffix: "swift") {
                let path = file.url.path
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                for imported in Self.imports(in: text) {
                    let permitted: Bool
                    if below != nil {
                        permitted = allowed.contains(imported) || Self.foundationSystemModules.contains(imported)
                    } else {
                        permitted =
                            Self.featureMayUse.contains(imported)
                            || (Self.systemModules.contains(imported) && !ownModules.contains(imported))
                    }
                    if !permitted { problems.append("\(name) imports \(imported) in \(file.url.lastPathComponent)") }
                }
            }
        }
        problems += Self.assemblyProblems(targets)
        if problems.isEmpty {
            print("check-boundaries: every module keeps to its boundary")
            return
        }
        for problem in problems { Diagnostics.error("check-boundaries: \(problem)") }
        throw BoundaryError(count: problems.count)
    }

    /// Who depends on the composition root that should not, and what front end it uses.
    static func assemblyProblems(_ targets: [any Target]) -> [String] {
        var problems: [String] = []
        for target in targets {
            let kind = (target as? SourceModuleTarget)?.kind
            // The tests' support target (`Tests/Support/AppTestSupport`) builds their apps
            // through the composition root, as a test would; app-shell never links it.
            let isTop = kind == .executable || kind == .test || testSupport.contains(target.name)
            for case .target(let other) in target.dependencies {
                if other.name == assembly && !isTop { problems.append("\(target.name) depends on \(assembly)") }
                if target.name == assembly && assemblyMayNotUse.contains(other.name) {
                    problems.append("\(assembly) depends on \(other.name)")
                }
            }
        }
        return problems
    }

    /// The modules a Swift file imports (`import X`, `@testable import X`, `import struct X.Y`).
    static func imports(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init).filter { !$0.hasPrefix("@") }
            guard words.first == "import", words.count >= 2 else { return nil }
            let module = words.count >= 3 ? words[2] : words[1]
            return String(module.split(separator: ".").first ?? "")
        }
    }
}

struct BoundaryError: Error, CustomStringConvertible {
    let count: Int
    var description: String { "\(count) boundary violation(s)" }
}
