extension String {
    /// The text a C function wrote into `buffer`, up to its first NUL (all of it when there
    /// is none), as UTF-8 with invalid bytes replaced: what the C targets' error messages
    /// are read with.
    public init(cBuffer buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
