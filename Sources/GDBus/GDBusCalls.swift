internal import CGio
internal import SystemCalls

/// The one place that calls GIO's GDBus, GVariant and main-context functions. Every other file goes through
/// these.
///
/// GIO is loaded with `dlopen` the first time D-Bus is asked (``load()``): by the AT-SPI check and by the polkit
/// agent, so that a program that never asks D-Bus does not map GIO and its nine dependencies (about 1 ms and
/// 1.8 MiB at start-up). Handles are raw pointers that are not `Sendable`; each stays on the thread that made it,
/// except the cancellable, whose cancel function GLib documents as thread-safe, a connection (GDBus connections
/// are thread-safe), and a method invocation, which may be answered from any thread.
package struct GDBusCalls: @unchecked Sendable {
  /// A GDBus connection handle.
  package typealias Connection = OpaquePointer
  /// A GLib cancellable.
  package typealias Cancellable = OpaquePointer
  /// A GLib main context.
  package typealias MainContext = OpaquePointer

  // C function pointers into a library that is never unloaded: immutable, so safe to share.
  private let cancellableNew: passcode_g_cancellable_new
  private let cancellableCancel: passcode_g_cancellable_cancel
  private let objectRef: passcode_g_object_ref
  private let objectUnref: passcode_g_object_unref
  private let errorFree: passcode_g_error_free
  private let connectionNewForAddress: passcode_g_dbus_connection_new_for_address_sync
  private let connectionClose: passcode_g_dbus_connection_close_sync
  private let connectionCall: passcode_g_dbus_connection_call_sync
  private let connectionRegisterObject: passcode_g_dbus_connection_register_object
  private let variantNewString: passcode_g_variant_new_string
  private let variantNewBoolean: passcode_g_variant_new_boolean
  private let variantNewUInt32: passcode_g_variant_new_uint32
  private let variantNewInt32: passcode_g_variant_new_int32
  private let variantNewUInt64: passcode_g_variant_new_uint64
  private let variantNewVariant: passcode_g_variant_new_variant
  private let variantNewDictEntry: passcode_g_variant_new_dict_entry
  private let variantNewArray: passcode_g_variant_new_array
  private let variantNewTuple: passcode_g_variant_new_tuple
  private let variantTypeNew: passcode_g_variant_type_new
  private let variantTypeFree: passcode_g_variant_type_free
  private let variantUnref: passcode_g_variant_unref
  private let variantChildCount: passcode_g_variant_n_children
  private let variantChildValue: passcode_g_variant_get_child_value
  private let variantGetVariant: passcode_g_variant_get_variant
  private let variantTypeString: passcode_g_variant_get_type_string
  private let variantBoolean: passcode_g_variant_get_boolean
  private let variantString: passcode_g_variant_get_string
  private let variantUInt32: passcode_g_variant_get_uint32
  private let variantInt32: passcode_g_variant_get_int32
  private let variantUInt64: passcode_g_variant_get_uint64
  private let nodeInfoNewForXML: passcode_g_dbus_node_info_new_for_xml
  private let nodeInfoLookupInterface: passcode_g_dbus_node_info_lookup_interface
  private let nodeInfoUnref: passcode_g_dbus_node_info_unref
  private let invocationReturnValue: passcode_g_dbus_method_invocation_return_value
  private let invocationReturnError: passcode_g_dbus_method_invocation_return_dbus_error
  private let mainContextNew: passcode_g_main_context_new
  private let mainContextPushThreadDefault: passcode_g_main_context_push_thread_default
  private let mainContextIteration: passcode_g_main_context_iteration
  private let mainContextWakeup: passcode_g_main_context_wakeup
  private let mainContextUnref: passcode_g_main_context_unref

  /// GIO, loaded once on first use.
  ///
  /// - Returns: The functions, or why `libgio-2.0.so.0` could not be loaded.
  /// The corresponding C function is `dlopen`.
  package static func load() -> Result<GDBusCalls, GDBusFailure> {
    loaded
  }

  private static let loaded: Result<GDBusCalls, GDBusFailure> = Result { () throws(DynamicLibrary.Failure) in
    // libgio brings libgobject and libglib with it; all three are looked up in the one handle.
    let gio = try DynamicLibrary.load("libgio-2.0.so.0")
    return GDBusCalls(
      cancellableNew: try gio.function("g_cancellable_new", as: passcode_g_cancellable_new.self),
      cancellableCancel: try gio.function("g_cancellable_cancel", as: passcode_g_cancellable_cancel.self),
      objectRef: try gio.function("g_object_ref", as: passcode_g_object_ref.self),
      objectUnref: try gio.function("g_object_unref", as: passcode_g_object_unref.self),
      errorFree: try gio.function("g_error_free", as: passcode_g_error_free.self),
      connectionNewForAddress: try gio.function(
        "g_dbus_connection_new_for_address_sync", as: passcode_g_dbus_connection_new_for_address_sync.self),
      connectionClose: try gio.function(
        "g_dbus_connection_close_sync", as: passcode_g_dbus_connection_close_sync.self),
      connectionCall: try gio.function("g_dbus_connection_call_sync", as: passcode_g_dbus_connection_call_sync.self),
      connectionRegisterObject: try gio.function(
        "g_dbus_connection_register_object", as: passcode_g_dbus_connection_register_object.self),
      variantNewString: try gio.function("g_variant_new_string", as: passcode_g_variant_new_string.self),
      variantNewBoolean: try gio.function("g_variant_new_boolean", as: passcode_g_variant_new_boolean.self),
      variantNewUInt32: try gio.function("g_variant_new_uint32", as: passcode_g_variant_new_uint32.self),
      variantNewInt32: try gio.function("g_variant_new_int32", as: passcode_g_variant_new_int32.self),
      variantNewUInt64: try gio.function("g_variant_new_uint64", as: passcode_g_variant_new_uint64.self),
      variantNewVariant: try gio.function("g_variant_new_variant", as: passcode_g_variant_new_variant.self),
      variantNewDictEntry: try gio.function("g_variant_new_dict_entry", as: passcode_g_variant_new_dict_entry.self),
      variantNewArray: try gio.function("g_variant_new_array", as: passcode_g_variant_new_array.self),
      variantNewTuple: try gio.function("g_variant_new_tuple", as: passcode_g_variant_new_tuple.self),
      variantTypeNew: try gio.function("g_variant_type_new", as: passcode_g_variant_type_new.self),
      variantTypeFree: try gio.function("g_variant_type_free", as: passcode_g_variant_type_free.self),
      variantUnref: try gio.function("g_variant_unref", as: passcode_g_variant_unref.self),
      variantChildCount: try gio.function("g_variant_n_children", as: passcode_g_variant_n_children.self),
      variantChildValue: try gio.function("g_variant_get_child_value", as: passcode_g_variant_get_child_value.self),
      variantGetVariant: try gio.function("g_variant_get_variant", as: passcode_g_variant_get_variant.self),
      variantTypeString: try gio.function("g_variant_get_type_string", as: passcode_g_variant_get_type_string.self),
      variantBoolean: try gio.function("g_variant_get_boolean", as: passcode_g_variant_get_boolean.self),
      variantString: try gio.function("g_variant_get_string", as: passcode_g_variant_get_string.self),
      variantUInt32: try gio.function("g_variant_get_uint32", as: passcode_g_variant_get_uint32.self),
      variantInt32: try gio.function("g_variant_get_int32", as: passcode_g_variant_get_int32.self),
      variantUInt64: try gio.function("g_variant_get_uint64", as: passcode_g_variant_get_uint64.self),
      nodeInfoNewForXML: try gio.function(
        "g_dbus_node_info_new_for_xml", as: passcode_g_dbus_node_info_new_for_xml.self),
      nodeInfoLookupInterface: try gio.function(
        "g_dbus_node_info_lookup_interface", as: passcode_g_dbus_node_info_lookup_interface.self),
      nodeInfoUnref: try gio.function("g_dbus_node_info_unref", as: passcode_g_dbus_node_info_unref.self),
      invocationReturnValue: try gio.function(
        "g_dbus_method_invocation_return_value", as: passcode_g_dbus_method_invocation_return_value.self),
      invocationReturnError: try gio.function(
        "g_dbus_method_invocation_return_dbus_error", as: passcode_g_dbus_method_invocation_return_dbus_error.self),
      mainContextNew: try gio.function("g_main_context_new", as: passcode_g_main_context_new.self),
      mainContextPushThreadDefault: try gio.function(
        "g_main_context_push_thread_default", as: passcode_g_main_context_push_thread_default.self),
      mainContextIteration: try gio.function("g_main_context_iteration", as: passcode_g_main_context_iteration.self),
      mainContextWakeup: try gio.function("g_main_context_wakeup", as: passcode_g_main_context_wakeup.self),
      mainContextUnref: try gio.function("g_main_context_unref", as: passcode_g_main_context_unref.self))
  }
  .mapError { GDBusFailure.libraryMissing($0.message) }

  // MARK: Cancellables

  /// Makes a cancellable for bounding blocking calls.
  ///
  /// - Returns: The cancellable, or `nil` when GLib could not make one; release it with ``release(_:)``.
  /// The corresponding C function is `g_cancellable_new`.
  package func makeCancellable() -> Cancellable? {
    cancellableNew()
  }

  /// Cancels the operations using a cancellable; safe from any thread.
  ///
  /// - Parameter cancellable: The cancellable.
  /// The corresponding C function is `g_cancellable_cancel`.
  package func cancel(_ cancellable: Cancellable) {
    cancellableCancel(cancellable)
  }

  /// Takes another reference to a cancellable, for a second thread to hold.
  ///
  /// - Parameter cancellable: The cancellable.
  /// - Returns: The same cancellable, safe to hand to another thread.
  /// The corresponding C function is `g_object_ref`.
  package func retain(_ cancellable: Cancellable) -> SharedCancellable {
    _ = objectRef(UnsafeMutableRawPointer(cancellable))
    return SharedCancellable(pointer: cancellable)
  }

  /// A cancellable handed to another thread; GCancellable's reference counting and cancel are thread-safe.
  package struct SharedCancellable: @unchecked Sendable {
    /// The cancellable.
    package let pointer: Cancellable
  }

  /// Drops a reference to a cancellable.
  ///
  /// - Parameter cancellable: The cancellable.
  /// The corresponding C function is `g_object_unref`.
  package func release(_ cancellable: Cancellable) {
    objectUnref(UnsafeMutableRawPointer(cancellable))
  }

  // MARK: Connections and calls

  /// Connects and authenticates to a message bus at an address, saying Hello; a private connection, not the
  /// shared singleton, so it can be closed afterwards.
  ///
  /// - Parameters:
  ///   - address: The bus address, such as `DBUS_SESSION_BUS_ADDRESS`.
  ///   - cancellable: Cancels the attempt from another thread.
  /// - Returns: The connection, or the GLib error.
  /// The corresponding C function is `g_dbus_connection_new_for_address_sync`.
  package func connect(address: String, cancellable: Cancellable?) -> Result<Connection, GDBusFailure> {
    var error: UnsafeMutablePointer<GError>?
    let flags = Int32(
      PASSCODE_G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | PASSCODE_G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION)
    let connection = address.withCString { connectionNewForAddress($0, flags, nil, cancellable, &error) }
    if let connection { return .success(connection) }
    return .failure(takeError(error))
  }

  /// Closes a connection and drops the reference to it.
  ///
  /// - Parameter connection: The connection; it must not be used again.
  /// The corresponding C function is `g_dbus_connection_close_sync`.
  package func close(_ connection: Connection) {
    _ = connectionClose(connection, nil, nil)
    objectUnref(UnsafeMutableRawPointer(connection))
  }

  /// Calls a method and waits for its reply.
  ///
  /// - Parameters:
  ///   - connection: An open bus connection.
  ///   - busName: The owner of the object.
  ///   - objectPath: The object.
  ///   - interface: The method's interface.
  ///   - method: The method's name.
  ///   - arguments: The arguments, each of its own D-Bus type.
  ///   - timeoutMilliseconds: The longest wait for the reply.
  ///   - cancellable: Cancels the call from another thread.
  ///   - allowsAutoStart: Whether the bus may start the service to answer (not for a check that must stay quick).
  /// - Returns: The reply's values (the reply tuple's members), or the error.
  /// The corresponding C function is `g_dbus_connection_call_sync`.
  package func call(
    connection: Connection, busName: String, objectPath: String, interface: String, method: String,
    arguments: [DBusValue], timeoutMilliseconds: Int32, cancellable: Cancellable? = nil, allowsAutoStart: Bool = false
  ) -> Result<[DBusValue], GDBusFailure> {
    var error: UnsafeMutablePointer<GError>?
    let parameters = make(.tuple(arguments))
    let reply = busName.withCString { name in
      objectPath.withCString { path in
        interface.withCString { interfaceName in
          method.withCString { methodName in
            connectionCall(
              connection, name, path, interfaceName, methodName, parameters, nil,
              allowsAutoStart ? 0 : Int32(PASSCODE_G_DBUS_CALL_FLAGS_NO_AUTO_START), timeoutMilliseconds, cancellable,
              &error)
          }
        }
      }
    }
    guard let reply else { return .failure(takeError(error)) }
    defer { variantUnref(reply) }
    guard case let .tuple(values) = value(of: reply) else {
      return .failure(.dbus(domain: 0, code: 0, message: "unexpected reply type \(typeString(reply))"))
    }
    return .success(values)
  }

  /// Reads a boolean property with `org.freedesktop.DBus.Properties.Get`, without auto-starting the service.
  ///
  /// - Parameters:
  ///   - connection: An open bus connection.
  ///   - busName: The owner of the object, such as `org.a11y.Bus`.
  ///   - objectPath: The object, such as `/org/a11y/bus`.
  ///   - interface: The property's interface, such as `org.a11y.Status`.
  ///   - property: The property's name.
  ///   - timeoutMilliseconds: The longest wait for the reply.
  ///   - cancellable: Cancels the call from another thread.
  /// - Returns: The value, or the GLib error; a value that is not a boolean is reported as an error.
  package func booleanProperty(
    connection: Connection, busName: String, objectPath: String, interface: String, property: String,
    timeoutMilliseconds: Int32, cancellable: Cancellable
  ) -> Result<Bool, GDBusFailure> {
    call(
      connection: connection, busName: busName, objectPath: objectPath, interface: "org.freedesktop.DBus.Properties",
      method: "Get", arguments: [.string(interface), .string(property)], timeoutMilliseconds: timeoutMilliseconds,
      cancellable: cancellable
    ).flatMap { values in
      guard values.count == 1, case let .variant(boxed) = values[0] else {
        return .failure(.dbus(domain: 0, code: 0, message: "unexpected reply \(values)"))
      }
      guard case let .boolean(value) = boxed else {
        return .failure(.dbus(domain: 0, code: 0, message: "property is \(boxed), not a boolean"))
      }
      return .success(value)
    }
  }

  // MARK: Exported objects

  /// A method call made on an exported object, as GDBus hands it over.
  package struct MethodCall: @unchecked Sendable {
    /// The caller's unique bus name.
    package let sender: String
    /// The method's name.
    package let method: String
    /// The arguments.
    package let arguments: [DBusValue]
    /// The call to answer, once, with ``GDBusCalls/returnNothing(_:)`` or ``GDBusCalls/returnError(_:name:message:)``.
    package let invocation: Invocation
  }

  /// A method call waiting for its answer; GDBus lets it be answered from any thread.
  package struct Invocation: @unchecked Sendable {
    fileprivate let pointer: OpaquePointer
  }

  /// What an exported object's calls go to; kept alive while the object is exported.
  private final class MethodHandler {
    let calls: GDBusCalls
    let handle: (MethodCall) -> Void

    init(calls: GDBusCalls, handle: @escaping (MethodCall) -> Void) {
      self.calls = calls
      self.handle = handle
    }
  }

  /// The vtable every exported object shares, never changed once made: shared by every thread.
  private struct SharedVTable: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<PasscodeGDBusInterfaceVTable>
  }

  /// The vtable every exported object shares: one C function that hands the call to the object's handler.
  private static let vtable = SharedVTable(
    pointer: {
      let table = UnsafeMutablePointer<PasscodeGDBusInterfaceVTable>.allocate(capacity: 1)
      table.initialize(to: PasscodeGDBusInterfaceVTable())
      table.pointee.method_call = { _, sender, _, _, method, parameters, invocation, userData in
        guard let userData, let invocation else { return }
        let handler = Unmanaged<MethodHandler>.fromOpaque(userData).takeUnretainedValue()
        let arguments: [DBusValue]
        if let parameters, case let .tuple(values) = handler.calls.value(of: parameters) {
          arguments = values
        } else {
          arguments = []
        }
        handler.handle(
          MethodCall(
            sender: sender.map { String(cString: $0) } ?? "", method: method.map { String(cString: $0) } ?? "",
            arguments: arguments, invocation: Invocation(pointer: invocation)))
      }
      return table
    }())

  /// Exports an object: calls to its one interface go to `handle`, on the thread whose default main context
  /// was pushed when this was called (``pushThreadDefault(_:)``). It stays exported until the connection closes.
  ///
  /// - Parameters:
  ///   - connection: An open bus connection.
  ///   - path: The object's path.
  ///   - introspectionXML: A D-Bus introspection document with the interface.
  ///   - interface: The interface's name.
  ///   - handle: Gets each call; it answers the call's invocation, at once or later, from any thread.
  /// - Returns: Nothing, or the error.
  /// The corresponding C functions are `g_dbus_node_info_new_for_xml` and `g_dbus_connection_register_object`.
  package func export(
    connection: Connection, path: String, introspectionXML: String, interface: String,
    handle: @escaping (MethodCall) -> Void
  ) -> Result<Void, GDBusFailure> {
    var error: UnsafeMutablePointer<GError>?
    guard let node = introspectionXML.withCString({ nodeInfoNewForXML($0, &error) }) else {
      return .failure(takeError(error))
    }
    defer { nodeInfoUnref(node) }
    guard let interfaceInfo = interface.withCString({ nodeInfoLookupInterface(node, $0) }) else {
      return .failure(.dbus(domain: 0, code: 0, message: "no interface \(interface) in the document"))
    }
    // Retained for as long as the object is exported; GDBus releases it when the registration ends.
    let handler = Unmanaged.passRetained(MethodHandler(calls: self, handle: handle)).toOpaque()
    let registration = path.withCString {
      connectionRegisterObject(
        connection, $0, interfaceInfo, Self.vtable.pointer, handler,
        { handler in handler.map { Unmanaged<MethodHandler>.fromOpaque($0).release() } }, &error)
    }
    guard registration != 0 else { return .failure(takeError(error)) }
    return .success(())
  }

  /// Answers a method call with no values.
  ///
  /// The corresponding C function is `g_dbus_method_invocation_return_value`.
  package func returnNothing(_ invocation: Invocation) {
    invocationReturnValue(invocation.pointer, nil)
  }

  /// Answers a method call with a D-Bus error.
  ///
  /// - Parameters:
  ///   - invocation: The call.
  ///   - name: The error's name, such as `org.freedesktop.PolicyKit1.Error.Cancelled`.
  ///   - message: The error's message.
  /// The corresponding C function is `g_dbus_method_invocation_return_dbus_error`.
  package func returnError(_ invocation: Invocation, name: String, message: String) {
    invocationReturnError(invocation.pointer, name, message)
  }

  // MARK: Main contexts

  /// Makes a main context, for one thread to dispatch an exported object's calls.
  ///
  /// The corresponding C function is `g_main_context_new`.
  package func makeMainContext() -> MainContext? {
    mainContextNew()
  }

  /// Makes a context the calling thread's default, so objects exported next dispatch there.
  ///
  /// The corresponding C function is `g_main_context_push_thread_default`.
  package func pushThreadDefault(_ context: MainContext) {
    mainContextPushThreadDefault(context)
  }

  /// Dispatches what is ready, waiting for something when nothing is.
  ///
  /// The corresponding C function is `g_main_context_iteration` with `may_block`.
  package func iterate(_ context: MainContext) {
    _ = mainContextIteration(context, 1)
  }

  /// Wakes a thread waiting in ``iterate(_:)``; safe from any thread.
  ///
  /// The corresponding C function is `g_main_context_wakeup`.
  package func wakeUp(_ context: MainContext) {
    mainContextWakeup(context)
  }

  /// Drops a reference to a main context.
  ///
  /// The corresponding C function is `g_main_context_unref`.
  package func release(context: MainContext) {
    mainContextUnref(context)
  }

  // MARK: Values

  /// Makes a new floating GVariant from a value; a call that takes it takes it over.
  private func make(_ value: DBusValue) -> OpaquePointer? {
    switch value {
    case let .string(text): return variantNewString(text)
    case let .boolean(flag): return variantNewBoolean(flag ? 1 : 0)
    case let .uint32(number): return variantNewUInt32(number)
    case let .int32(number): return variantNewInt32(number)
    case let .uint64(number): return variantNewUInt64(UInt64(number))
    case let .variant(inner): return variantNewVariant(make(inner))
    case let .dictionaryEntry(key, inner): return variantNewDictEntry(make(key), make(inner))
    case let .tuple(members):
      var children: [OpaquePointer?] = members.map(make)
      return variantNewTuple(&children, children.count)
    case let .array(elementType, items):
      if items.isEmpty {
        let type = variantTypeNew(elementType)
        defer { variantTypeFree(type) }
        return variantNewArray(type, nil, 0)
      }
      var children: [OpaquePointer?] = items.map(make)
      return variantNewArray(nil, &children, children.count)
    case let .unsupported(typeString):
      preconditionFailure("a value of type \(typeString) cannot be sent")
    }
  }

  /// Reads a GVariant into a value, whole; types this package never reads are `unsupported`.
  private func value(of variant: OpaquePointer) -> DBusValue {
    let type = typeString(variant)
    switch type.first {
    case "s", "o", "g":
      return .string(variantString(variant, nil).map { String(cString: $0) } ?? "")
    case "b": return .boolean(variantBoolean(variant) != 0)
    case "u": return .uint32(variantUInt32(variant))
    case "i": return .int32(variantInt32(variant))
    case "t": return .uint64(UInt64(variantUInt64(variant)))
    case "v":
      guard let inner = variantGetVariant(variant) else { return .unsupported(typeString: type) }
      defer { variantUnref(inner) }
      return .variant(value(of: inner))
    case "a": return .array(elementType: String(type.dropFirst()), children(of: variant))
    case "(": return .tuple(children(of: variant))
    case "{":
      let pair = children(of: variant)
      return pair.count == 2 ? .dictionaryEntry(pair[0], pair[1]) : .unsupported(typeString: type)
    default: return .unsupported(typeString: type)
    }
  }

  private func children(of variant: OpaquePointer) -> [DBusValue] {
    (0..<variantChildCount(variant)).map { index in
      guard let child = variantChildValue(variant, index) else { return .unsupported(typeString: "") }
      defer { variantUnref(child) }
      return value(of: child)
    }
  }

  private func typeString(_ variant: OpaquePointer) -> String {
    variantTypeString(variant).map { String(cString: $0) } ?? ""
  }

  private func takeError(_ error: UnsafeMutablePointer<GError>?) -> GDBusFailure {
    guard let error else { return .dbus(domain: 0, code: 0, message: "unknown error") }
    defer { errorFree(error) }
    let message = error.pointee.message.map { String(cString: $0) } ?? ""
    return .dbus(domain: error.pointee.domain, code: error.pointee.code, message: message)
  }
}

/// A D-Bus value, as this package sends and reads them.
package indirect enum DBusValue: Equatable, Sendable {
  /// A string, object path or signature (`s`, `o`, `g`).
  case string(String)
  /// `b`.
  case boolean(Bool)
  /// `u`.
  case uint32(UInt32)
  /// `i`.
  case int32(Int32)
  /// `t`.
  case uint64(UInt64)
  /// `v`.
  case variant(DBusValue)
  /// `a…`, with its element's type string (needed to send an empty one).
  case array(elementType: String, [DBusValue])
  /// `(…)`.
  case tuple([DBusValue])
  /// `{…}`, an array's member that pairs a key with a value.
  case dictionaryEntry(DBusValue, DBusValue)
  /// A type this package never reads; carries its type string.
  case unsupported(typeString: String)

  /// An `a{sv}` dictionary.
  package static func dictionary(_ entries: [(String, DBusValue)]) -> DBusValue {
    .array(elementType: "{sv}", entries.map { .dictionaryEntry(.string($0.0), .variant($0.1)) })
  }

  /// The string, if this is one.
  package var string: String? {
    if case let .string(text) = self { return text }
    return nil
  }

  /// The value under `key`, if this is a dictionary (`a{sv}` values unwrapped from their variant, `a{ss}` as
  /// they are).
  package subscript(key: String) -> DBusValue? {
    guard case let .array(_, entries) = self else { return nil }
    for case let .dictionaryEntry(.string(name), value) in entries where name == key {
      if case let .variant(inner) = value { return inner }
      return value
    }
    return nil
  }
}

/// Why GIO could not answer a D-Bus question.
package enum GDBusFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// GIO could not be loaded; carries the loader's explanation.
  case libraryMissing(String)
  /// A D-Bus call failed; carries GLib's error domain, code and message.
  case dbus(domain: UInt32, code: Int32, message: String)

  /// The loader's or GLib's own words.
  package var description: String {
    switch self {
    case let .libraryMissing(reason): reason
    case let .dbus(_, _, message): message
    }
  }
}
