internal import CGio
internal import SystemCalls

/// The one place that calls GIO's GDBus and GVariant functions. Every other file goes through these.
///
/// GIO is loaded with `dlopen` the first time the AT-SPI check runs (``load()``), so that a program that
/// never asks D-Bus does not map GIO and its nine dependencies (about 1 ms and 1.8 MiB at start-up).
/// Handles are raw pointers that are not `Sendable`; each stays on the thread that made it, except the
/// cancellable, whose cancel function GLib documents as thread-safe.
struct GDBusCalls: @unchecked Sendable {
  /// A GDBus connection handle.
  typealias Connection = OpaquePointer
  /// A GLib cancellable.
  typealias Cancellable = OpaquePointer

  // C function pointers into a library that is never unloaded: immutable, so safe to share.
  private let cancellableNew: passcode_g_cancellable_new
  private let cancellableCancel: passcode_g_cancellable_cancel
  private let objectRef: passcode_g_object_ref
  private let objectUnref: passcode_g_object_unref
  private let errorFree: passcode_g_error_free
  private let connectionNewForAddress: passcode_g_dbus_connection_new_for_address_sync
  private let connectionClose: passcode_g_dbus_connection_close_sync
  private let connectionCall: passcode_g_dbus_connection_call_sync
  private let variantNewString: passcode_g_variant_new_string
  private let variantNewTuple: passcode_g_variant_new_tuple
  private let variantUnref: passcode_g_variant_unref
  private let variantChildValue: passcode_g_variant_get_child_value
  private let variantGetVariant: passcode_g_variant_get_variant
  private let variantTypeString: passcode_g_variant_get_type_string
  private let variantBoolean: passcode_g_variant_get_boolean

  /// GIO, loaded once on first use.
  ///
  /// - Returns: The functions, or why `libgio-2.0.so.0` could not be loaded.
  /// The corresponding C function is `dlopen`.
  static func load() -> Result<GDBusCalls, GDBusFailure> {
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
      variantNewString: try gio.function("g_variant_new_string", as: passcode_g_variant_new_string.self),
      variantNewTuple: try gio.function("g_variant_new_tuple", as: passcode_g_variant_new_tuple.self),
      variantUnref: try gio.function("g_variant_unref", as: passcode_g_variant_unref.self),
      variantChildValue: try gio.function("g_variant_get_child_value", as: passcode_g_variant_get_child_value.self),
      variantGetVariant: try gio.function("g_variant_get_variant", as: passcode_g_variant_get_variant.self),
      variantTypeString: try gio.function("g_variant_get_type_string", as: passcode_g_variant_get_type_string.self),
      variantBoolean: try gio.function("g_variant_get_boolean", as: passcode_g_variant_get_boolean.self))
  }
  .mapError { GDBusFailure.libraryMissing($0.message) }

  /// Makes a cancellable for bounding blocking calls.
  ///
  /// - Returns: The cancellable, or `nil` when GLib could not make one; release it with ``release(_:)``.
  /// The corresponding C function is `g_cancellable_new`.
  func makeCancellable() -> Cancellable? {
    cancellableNew()
  }

  /// Cancels the operations using a cancellable; safe from any thread.
  ///
  /// - Parameter cancellable: The cancellable.
  /// The corresponding C function is `g_cancellable_cancel`.
  func cancel(_ cancellable: Cancellable) {
    cancellableCancel(cancellable)
  }

  /// Takes another reference to a cancellable, for a second thread to hold.
  ///
  /// - Parameter cancellable: The cancellable.
  /// - Returns: The same cancellable, safe to hand to another thread.
  /// The corresponding C function is `g_object_ref`.
  func retain(_ cancellable: Cancellable) -> SharedCancellable {
    _ = objectRef(UnsafeMutableRawPointer(cancellable))
    return SharedCancellable(pointer: cancellable)
  }

  /// A cancellable handed to another thread; GCancellable's reference counting and cancel are thread-safe.
  struct SharedCancellable: @unchecked Sendable {
    /// The cancellable.
    let pointer: Cancellable
  }

  /// Drops a reference to a cancellable.
  ///
  /// - Parameter cancellable: The cancellable.
  /// The corresponding C function is `g_object_unref`.
  func release(_ cancellable: Cancellable) {
    objectUnref(UnsafeMutableRawPointer(cancellable))
  }

  /// Connects and authenticates to a message bus at an address, saying Hello; a private connection, not the
  /// shared singleton, so it can be closed afterwards.
  ///
  /// - Parameters:
  ///   - address: The bus address, such as `DBUS_SESSION_BUS_ADDRESS`.
  ///   - cancellable: Cancels the attempt from another thread.
  /// - Returns: The connection, or the GLib error.
  /// The corresponding C function is `g_dbus_connection_new_for_address_sync`.
  func connect(address: String, cancellable: Cancellable) -> Result<Connection, GDBusFailure> {
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
  func close(_ connection: Connection) {
    _ = connectionClose(connection, nil, nil)
    objectUnref(UnsafeMutableRawPointer(connection))
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
  /// The corresponding C function is `g_dbus_connection_call_sync`.
  func booleanProperty(
    connection: Connection, busName: String, objectPath: String, interface: String, property: String,
    timeoutMilliseconds: Int32, cancellable: Cancellable
  ) -> Result<Bool, GDBusFailure> {
    var error: UnsafeMutablePointer<GError>?
    let parameters = interface.withCString { interfaceName in
      property.withCString { propertyName in
        var items: [OpaquePointer?] = [variantNewString(interfaceName), variantNewString(propertyName)]
        return variantNewTuple(&items, 2)
      }
    }
    let reply = busName.withCString { name in
      objectPath.withCString { path in
        connectionCall(
          connection, name, path, "org.freedesktop.DBus.Properties", "Get", parameters, nil,
          Int32(PASSCODE_G_DBUS_CALL_FLAGS_NO_AUTO_START), timeoutMilliseconds, cancellable, &error)
      }
    }
    guard let reply else { return .failure(takeError(error)) }
    defer { variantUnref(reply) }
    guard typeString(reply) == "(v)", let boxed = variantChildValue(reply, 0) else {
      return .failure(.dbus(domain: 0, code: 0, message: "unexpected reply type \(typeString(reply))"))
    }
    defer { variantUnref(boxed) }
    guard let value = variantGetVariant(boxed) else {
      return .failure(.dbus(domain: 0, code: 0, message: "empty variant"))
    }
    defer { variantUnref(value) }
    guard typeString(value) == "b" else {
      return .failure(.dbus(domain: 0, code: 0, message: "property is \(typeString(value)), not a boolean"))
    }
    return .success(variantBoolean(value) != 0)
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

/// Why GIO could not answer a D-Bus question; detection only counts the answer as unknown.
enum GDBusFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// GIO could not be loaded; carries the loader's explanation.
  case libraryMissing(String)
  /// A D-Bus call failed; carries GLib's error domain, code and message.
  case dbus(domain: UInt32, code: Int32, message: String)

  /// The loader's or GLib's own words.
  var description: String {
    switch self {
    case let .libraryMissing(reason): reason
    case let .dbus(_, _, message): message
    }
  }
}
