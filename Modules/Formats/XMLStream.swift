import CXml
import Core

/// libxml2's streaming reader over bytes in memory (`CXml`), node by node, for the GPX
/// reader: no network, no DTD loaded, no entity replaced by its text, libxml2's own limits.
final class XMLStream {
    /// A node's kind, as libxml2's `xmlReaderTypes` numbers it (only those read here).
    enum Kind: Int32 {
        case element = 1, text = 3, cdata = 4, entityReference = 5, documentType = 10, endElement = 15
    }

    private let reader: OpaquePointer
    // The bytes the reader reads; libxml2 does not copy them.
    private let bytes: UnsafeMutableBufferPointer<UInt8>

    /// A reader over a copy of `bytes`.
    /// - Throws: `internal` when libxml2 cannot be loaded.
    init(_ bytes: [UInt8]) throws {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
        _ = copy.initialize(from: bytes)
        var error = [CChar](repeating: 0, count: 512)
        guard let reader = cxml_open(copy.baseAddress, bytes.count, &error, error.count) else {
            copy.deallocate()
            throw AppError.internal(String(cBuffer: error))
        }
        self.reader = reader
        self.bytes = copy
    }

    deinit {
        cxml_close(reader)
        bytes.deallocate()
    }

    /// Moves to the next node: false at the end.
    /// - Throws: `XMLStream.Failure` with libxml2's first error and its line.
    func next() throws -> Bool {
        switch cxml_next(reader) {
        case 1: return true
        case 0: return false
        default: throw Failure(message: String(cString: cxml_error(reader)), line: Int(cxml_error_line(reader)))
        }
    }

    /// The node's kind, nil for one not read here (comments, processing instructions, ...).
    var kind: Kind? { Kind(rawValue: cxml_node_type(reader)) }
    /// Whether the element is empty (`<a/>`): it has no end node.
    var isEmpty: Bool { cxml_is_empty(reader) == 1 }
    /// The node's name without its prefix.
    var localName: String { String(cString: cxml_local_name(reader)) }
    /// The node's namespace URI, or "".
    var namespace: String { String(cString: cxml_namespace(reader)) }
    /// A text node's text.
    var value: String { String(cString: cxml_value(reader)) }

    /// The element's attribute `name`, nil when missing or longer than `maximum` bytes.
    func attribute(_ name: String, maximum: Int = 64) -> String? {
        var buffer = [CChar](repeating: 0, count: maximum + 1)
        guard cxml_attribute(reader, name, &buffer, buffer.count) >= 0 else { return nil }
        return String(cBuffer: buffer)
    }

    /// What libxml2 found wrong with the document.
    struct Failure: Error {
        /// libxml2's message.
        let message: String
        /// Its line, 0 when unknown.
        let line: Int
    }
}
