/// A presenter of `show` (`RecordShape.presenter`): the source of a Lua chunk that returns
/// a function of one value, which returns the text to print or nil for a value of another
/// shape; with the same chunk compiled to bytecode at build time, which `show` loads
/// instead of parsing the text.
public struct ShowPresenter: Sendable, ExpressibleByStringLiteral {
    /// The chunk's source.
    public let source: String
    /// The chunk compiled by `Plugins/CompileLua`; nil to parse `source` (also when this
    /// Lua refuses the bytecode).
    public let bytecode: [UInt8]?

    /// A presenter from its source and, when the build compiled it, its bytecode.
    public init(_ source: String, bytecode: [UInt8]? = nil) {
        self.source = source
        self.bytecode = bytecode
    }

    /// A presenter from its source alone.
    public init(stringLiteral source: String) { self.init(source) }
}
