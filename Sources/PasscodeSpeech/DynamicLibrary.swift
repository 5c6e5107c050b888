internal import Glibc

/// A C library loaded at run time, so that a program that never speaks or asks D-Bus starts without it
/// (and without everything it depends on: libspeechd and GIO each bring GLib, libpcre2 and more).
///
/// The one place in PasscodeSpeech that calls `dlopen` and `dlsym`. A library is loaded once and never
/// unloaded; loading it again returns the same handle.
struct DynamicLibrary: @unchecked Sendable {
  private let handle: UnsafeMutableRawPointer

  /// Loads a library by its soname, such as `libspeechd.so.2`.
  ///
  /// The corresponding C function is `dlopen`.
  ///
  /// - Parameter soname: The library's file name; the loader's usual search path is used.
  /// - Returns: The library, or the loader's explanation when it cannot be loaded.
  static func load(_ soname: String) -> Result<DynamicLibrary, SpeechError> {
    guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
      return .failure(.libraryMissing(lastError() ?? "\(soname) could not be loaded"))
    }
    return .success(DynamicLibrary(handle: handle))
  }

  /// A C function of the library, typed by the caller.
  ///
  /// The corresponding C function is `dlsym`.
  ///
  /// - Parameters:
  ///   - name: The function's C name.
  ///   - type: Its `@convention(c)` type; it must match the C prototype.
  /// - Returns: The function.
  /// - Throws: ``SpeechError/libraryMissing(_:)`` when the library has no such symbol.
  func function<Function>(_ name: String, as type: Function.Type) throws(SpeechError) -> Function {
    guard let symbol = dlsym(handle, name) else {
      throw .libraryMissing(Self.lastError() ?? "no \(name) in the library")
    }
    return unsafeBitCast(symbol, to: type)
  }

  private static func lastError() -> String? {
    dlerror().map { String(cString: $0) }
  }
}
