internal import CQPDF
import Foundation
import OCRKit

/// One PDF open in qpdf, through its C API: read from a file or made empty, its objects read and
/// changed, written to a file.
///
/// Threading: qpdf's handle is not thread-safe, and its calls block (they read the file): a
/// `QPDFFile` is made, used and dropped on one thread of its own (``offThePool``), never shared.
///
/// Errors: qpdf's C API records the exception of a failed call; ``check(_:)`` turns it into an
/// ``OCRError`` naming the file, which every public path calls before it trusts a result.
final class QPDFFile {
    typealias Object = qpdf_oh

    let handle: qpdf_data
    /// The file's path, or the name errors give a PDF made in memory.
    let path: String
    /// PDFs this one copied pages from: qpdf reads their data when this one is written.
    private var sources: [QPDFFile] = []
    /// The bytes of a PDF read from memory, which qpdf reads as long as the handle lives.
    private let contents: UnsafeMutableRawBufferPointer?

    /// Opens the PDF at `path`, repairing what qpdf can (a broken cross-reference table is
    /// rebuilt), and makes attributes pages inherit from the page tree their own.
    ///
    /// - Throws: an ``OCRError`` naming the file: not a PDF, damaged beyond repair, encrypted
    ///   without the right `password`.
    convenience init(reading path: String, password: String? = nil) throws {
        try self.init(name: path, contents: nil) { handle in qpdf_read(handle, path, password) }
    }

    /// Opens a PDF's `contents`, in memory, as ``init(reading:password:)`` opens a file; errors
    /// name it `name`. qpdf reads the bytes as it needs them: this file keeps a copy of its own.
    convenience init(contents: Data, name: String, password: String? = nil) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, contents.count), alignment: 1)
        buffer.copyBytes(from: contents)
        try self.init(name: name, contents: buffer) { handle in
            qpdf_read_memory(handle, name, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), UInt64(contents.count), password)
        }
    }

    /// Opens the PDF `document`: its file, or its contents in memory.
    convenience init(_ document: DocumentSource, password: String? = nil) throws {
        switch document {
        case .file(let path): try self.init(reading: path, password: password)
        case .contents(let contents, let name): try self.init(contents: contents, name: name, password: password)
        }
    }

    private init(name: String, contents: UnsafeMutableRawBufferPointer?, read: (qpdf_data) -> QPDF_ERROR_CODE) throws {
        handle = qpdf_init()
        path = name
        self.contents = contents
        qpdf_silence_errors(handle)
        qpdf_set_suppress_warnings(handle, QPDF_TRUE)
        qpdf_set_attempt_recovery(handle, QPDF_TRUE)
        // A failed init still runs deinit, which frees the handle.
        if read(handle) & QPDF_ERRORS != 0 {
            throw error(reading: true)
        }
        qpdf_push_inherited_attributes_to_page(handle)
        // qpdf 11.3 writes a rebuilt trailer that lacks /Size without one, which readers then
        // repair; given any, it writes the right one.
        let trailer = qpdf_get_trailer(handle)
        if key(trailer, "/Size") == nil { setKey(trailer, "/Size", newInteger(0)) }
        try check("cannot read its pages")
    }

    /// A PDF of no pages, to add pages to; `name` names it in errors.
    init(empty name: String) throws {
        handle = qpdf_init()
        path = name
        contents = nil
        qpdf_silence_errors(handle)
        qpdf_set_suppress_warnings(handle, QPDF_TRUE)
        _ = qpdf_empty_pdf(handle)
        try check("cannot start a PDF")
    }

    deinit {
        var data: qpdf_data? = handle
        qpdf_cleanup(&data)
        contents?.deallocate()
    }

    /// Throws the error qpdf recorded, if any, as "`what`: qpdf's message".
    func check(_ what: String) throws {
        guard qpdf_has_error(handle) != 0 else { return }
        let failure = error(reading: false)
        throw OCRError(failure.code, path: path, reason: "\(what): \(failure.reason)")
    }

    private func error(reading: Bool) -> OCRError {
        let recorded = qpdf_get_error(handle)
        let detail = recorded.map { String(cString: qpdf_get_error_message_detail(handle, $0)) } ?? "unknown error"
        let code = recorded.map { qpdf_get_error_code(handle, $0) }
        switch code {
        case qpdf_e_password:
            return OCRError(.invalidOption, path: path, reason: "the PDF is encrypted and needs its password (--password)")
        case qpdf_e_system where !reading:
            return OCRError(.notWritable, path: path, reason: detail)
        case qpdf_e_system where contents == nil && !FileManager.default.isReadableFile(atPath: path):
            // The system refused to open the file.
            return OCRError(.notReadable, path: path, reason: detail)
        default:
            // qpdf says a C++ runtime error is the system's too: a number out of range in a
            // damaged file ("overflow/underflow converting 18446744073709551616...") among them.
            return OCRError(.corrupt, path: path, reason: reading ? "damaged PDF: \(detail)" : detail)
        }
    }

    var root: Object { qpdf_get_root(handle) }

    /// A value of the document's information dictionary (`/Title`...), as text.
    func info(_ key: String) -> String? {
        qpdf_get_info_key(handle, key).map { String(cString: $0) }
    }

    func setInfo(_ key: String, _ value: String) {
        qpdf_set_info_key(handle, key, value)
    }

    // MARK: Pages

    var pageCount: Int { max(0, Int(qpdf_get_num_pages(handle))) }

    /// The page at `index`, from 0.
    func page(_ index: Int) -> Object { qpdf_get_page_n(handle, Int(index)) }

    /// Adds `page` (a page dictionary of this PDF, or of `source`, whose page is then copied with
    /// what it uses) after the last.
    func append(_ page: Object, from source: QPDFFile? = nil) throws {
        qpdf_add_page(handle, (source ?? self).handle, page, QPDF_FALSE)
        try check("cannot add a page")
    }

    /// Keeps `files` open as long as this PDF: those it copied pages from.
    func keepAlive(_ files: some Collection<QPDFFile>) {
        sources += files
    }

    // MARK: Objects

    func key(_ object: Object, _ key: String) -> Object? {
        guard qpdf_oh_has_key(handle, object, key) != 0 else { return nil }
        let value = qpdf_oh_get_key(handle, object, key)
        return qpdf_oh_is_null(handle, value) != 0 ? nil : value
    }

    func setKey(_ object: Object, _ key: String, _ value: Object) {
        qpdf_oh_replace_key(handle, object, key, value)
    }

    /// The keys of a dictionary.
    func keys(_ object: Object) -> [String] {
        guard qpdf_oh_is_dictionary(handle, object) != 0 else { return [] }
        var keys: [String] = []
        qpdf_oh_begin_dict_key_iter(handle, object)
        while qpdf_oh_dict_more_keys(handle) != 0 {
            keys.append(String(cString: qpdf_oh_dict_next_key(handle)))
        }
        return keys
    }

    func items(_ array: Object) -> [Object] {
        guard qpdf_oh_is_array(handle, array) != 0 else { return [] }
        return (0..<qpdf_oh_get_array_n_items(handle, array)).map { qpdf_oh_get_array_item(handle, array, $0) }
    }

    func append(_ item: Object, to array: Object) { qpdf_oh_append_item(handle, array, item) }

    func isStream(_ object: Object) -> Bool { qpdf_oh_is_stream(handle, object) != 0 }
    func isArray(_ object: Object) -> Bool { qpdf_oh_is_array(handle, object) != 0 }

    func number(_ object: Object?) -> Double? {
        guard let object, qpdf_oh_is_number(handle, object) != 0 else { return nil }
        return qpdf_oh_get_numeric_value(handle, object)
    }

    func bool(_ object: Object?) -> Bool? {
        guard let object, qpdf_oh_is_bool(handle, object) != 0 else { return nil }
        return qpdf_oh_get_bool_value(handle, object) != 0
    }

    func name(_ object: Object?) -> String? {
        guard let object, qpdf_oh_is_name(handle, object) != 0 else { return nil }
        return String(cString: qpdf_oh_get_name(handle, object))
    }

    /// The object numbered `id` and `generation`; a null object if there is none.
    func object(id: Int32, generation: Int32) -> Object { qpdf_get_object_by_id(handle, id, generation) }

    /// The object's number, or 0 for a direct object: what tells two references to one object.
    func id(_ object: Object) -> Int { Int(qpdf_oh_get_object_id(handle, object)) }

    /// An object written in PDF's syntax: `<< /Type /Font >>`, `[0 0 612 792]`, `/DeviceRGB`.
    func parse(_ text: String) -> Object { qpdf_oh_parse(handle, text) }

    func newDictionary() -> Object { qpdf_oh_new_dictionary(handle) }
    func newArray() -> Object { qpdf_oh_new_array(handle) }
    func newName(_ name: String) -> Object { qpdf_oh_new_name(handle, name) }
    func newInteger(_ value: Int) -> Object { qpdf_oh_new_integer(handle, Int64(value)) }

    /// An indirect object holding `object`, which pages and dictionaries can then refer to.
    func makeIndirect(_ object: Object) -> Object { qpdf_make_indirect_object(handle, object) }

    /// A new stream of `data`, with `dictionary`'s keys (written in PDF's syntax) beside its
    /// length; `filter` names the filter `data` is already encoded with, and data without one is
    /// compressed (Flate) when the PDF is written.
    func newStream(_ data: [UInt8], filter: String? = nil, dictionary: String = "<< >>") -> Object {
        let stream = qpdf_oh_new_stream(handle)
        let filterObject = filter.map { newName($0) } ?? qpdf_oh_new_null(handle)
        data.withUnsafeBufferPointer {
            qpdf_oh_replace_stream_data(handle, stream, $0.baseAddress, $0.count, filterObject, qpdf_oh_new_null(handle))
        }
        let extra = parse(dictionary)
        let streamDictionary = qpdf_oh_get_dict(handle, stream)
        for key in keys(extra) { setKey(streamDictionary, key, qpdf_oh_get_key(handle, extra, key)) }
        return stream
    }

    func streamDictionary(_ stream: Object) -> Object { qpdf_oh_get_dict(handle, stream) }

    /// A stream's data with its general-purpose filters (Flate, LZW, ASCII) undone, or `nil`
    /// when it cannot be (a damaged stream, or an image in a specialised format).
    func decodedData(_ stream: Object) -> [UInt8]? {
        data(of: stream, decoding: qpdf_dl_generalized)
    }

    /// A stream's data as stored, every filter still applied (a JPEG's bytes, say).
    func rawData(_ stream: Object) -> [UInt8]? {
        data(of: stream, decoding: qpdf_dl_none)
    }

    private func data(of stream: Object, decoding level: qpdf_stream_decode_level_e) -> [UInt8]? {
        var filtered: QPDF_BOOL = QPDF_FALSE
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = qpdf_oh_get_stream_data(handle, stream, level, &filtered, &buffer, &length)
        defer { free(buffer) }
        // Asked to decode, qpdf hands back the data as stored when it cannot: that is a failure.
        guard status & QPDF_ERRORS == 0, filtered != 0 || level == qpdf_dl_none, let buffer else {
            _ = qpdf_get_error(handle)
            return nil
        }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }

    // MARK: Writing

    /// Writes the PDF to `destination`: streams as they were (no filter undone or redone, so
    /// images keep their bytes), new streams compressed (but XMP metadata, which qpdf leaves
    /// readable), encrypted as it was when `keepsEncryption`, in `minimumVersion` or later.
    func write(to destination: String, keepsEncryption: Bool = true, minimumVersion: String? = nil) throws {
        qpdf_init_write(handle, destination)
        try write(naming: destination, keepsEncryption: keepsEncryption, minimumVersion: minimumVersion)
    }

    /// The PDF as bytes, written as ``write(to:keepsEncryption:minimumVersion:)`` writes a file.
    func data(keepsEncryption: Bool = true, minimumVersion: String? = nil) throws -> Data {
        qpdf_init_write_memory(handle)
        try write(naming: path, keepsEncryption: keepsEncryption, minimumVersion: minimumVersion)
        guard let buffer = qpdf_get_buffer(handle) else { return Data() }
        return Data(bytes: buffer, count: Int(qpdf_get_buffer_length(handle)))
    }

    /// Writes where the last `qpdf_init_write...` said, streams as they were and new ones
    /// compressed; errors name `destination`.
    private func write(naming destination: String, keepsEncryption: Bool, minimumVersion: String?) throws {
        try check("cannot write \(destination)")
        qpdf_set_decode_level(handle, qpdf_dl_none)
        qpdf_set_compress_streams(handle, QPDF_TRUE)
        qpdf_set_preserve_encryption(handle, keepsEncryption ? QPDF_TRUE : QPDF_FALSE)
        if let minimumVersion { qpdf_set_minimum_pdf_version(handle, minimumVersion) }
        qpdf_write(handle)
        try check("cannot write \(destination)")
    }
}
