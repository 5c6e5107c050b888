/// One parsed run of `passcode`: what to do, and how.
public struct Invocation: Equatable, Sendable {
  /// The subcommand and its arguments.
  public var command: Command
  /// The options, with the environment already applied.
  public var options: CommonOptions

  /// Makes an invocation.
  ///
  /// - Parameters:
  ///   - command: The subcommand and its arguments.
  ///   - options: The options, with the environment already applied.
  public init(command: Command, options: CommonOptions = CommonOptions()) {
    self.command = command
    self.options = options
  }
}
