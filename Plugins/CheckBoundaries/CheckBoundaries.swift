import Foundation
import PackagePlugin

/// `swift package check-boundaries`: fails when a module reaches past its boundary.
///
/// - A feature target (Habits, Profiles, Mates, Walks, BookStories) may depend on and
///   import Core and Storage only: never another feature, Scripting or a C target. Of the
///   toolchain's modules it may import FoundationEssentials, never all of Foundation, which
///   links ICU's data and CoreFoundation into app-shell (docs/performance.md).
/// - Core depends on nothing but CUTF8Proc (Unicode normalization) and CZlib (zlib's
///   inflater), small C libraries with no dependencies of their own, and imports only them,
///   the standard library,
///   FoundationEssentials, Synchronization and the platform's C library (Glibc or Musl:
///   `Signposter` reads `clock_gettime` directly, see docs/performance.md).
/// - Assembly, the composition root, is on top: only the apps and the tests depend on it,
///   and it depends on no front end (Scripting, Lua, the line editor, HTTP).
@main
struct CheckBoundaries: CommandPlugin {
    static let features: Set<String> = ["Habits", "Profiles", "Mates", "Walks", "BookStories"]
    static let featureMayUse: Set<String> = ["Core", "Storage"]
    static let systemModules: Set<String> = [
        "FoundationEssentials", "Synchronization", "Dispatch", "Glibc", "Musl",
    ]
    static let coreMayUse: Set<String> = ["CUTF8Proc", "CZlib"]
    static let coreMayImport: Set<String> = [
        "FoundationEssentials", "Synchronization", "CUTF8Proc", "CZlib", "Glibc", "Musl",
    ]
    static let assembly = "Assembly"
    static let assemblyMayNotUse: Set<String> = ["Scripting", "CLua", "CEdit", "CHTTP", "CDBus"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let targets = context.package.targets
        let ownModules = Set(targets.map(\.name))
        var problems: [String] = []
        for target in targets {
            let name = target.name
            guard Self.features.contains(name) || name == "Core" else { continue }
            let allowed = name == "Core" ? Self.coreMayUse : Self.featureMayUse
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
                    if name == "Core" {
                        permitted = Self.coreMayImport.contains(imported)
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
            let isTop = kind == .executable || kind == .test
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
