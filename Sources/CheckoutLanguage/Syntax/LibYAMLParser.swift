import CYAML

/// A libyaml parser reading UTF-8 bytes in place, with one reusable event.
///
/// The bytes are not copied: the caller keeps them alive (inside `withUnsafeBufferPointer`)
/// for the parser's whole life. The encoding is forced to UTF-8, so a UTF-16 file is an
/// encoding error rather than something libyaml silently decodes.
final class LibYAMLParser {
    /// The libyaml parser state; valid until `deinit`.
    let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The event `next()` fills; the caller deletes its contents with `yaml_event_delete`.
    let event: UnsafeMutablePointer<yaml_event_t>
    /// False when libyaml could not allocate its buffers.
    let isReady: Bool

    /// Prepares a parser over `input`; check `isReady` before calling `next()`.
    init(input: UnsafeBufferPointer<UInt8>) {
        parser = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        guard yaml_parser_initialize(parser) != 0 else {
            isReady = false
            return
        }
        isReady = true
        // libyaml asserts on a null input pointer; an empty file still needs a valid one.
        let start = input.baseAddress ?? ("" as StaticString).utf8Start
        yaml_parser_set_input_string(parser, start, input.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    }

    deinit {
        if isReady { yaml_parser_delete(parser) }
        parser.deallocate()
        event.deallocate()
    }

    /// Parses the next event into `event`; false when libyaml stopped on an error
    /// (then `parser.pointee.error` says why and `event` holds nothing to delete).
    @inline(__always)
    func next() -> Bool {
        yaml_parser_parse(parser, event) != 0
    }
}
