// One import for a consumer of the `PasscodeKeypad` product: the terminal's prompt and its settings, the engine's
// configuration, verdicts and secret storage, and the locked buffer a code is kept in. The accessible prompt
// itself, `TerminalPasscodePrompt.current()`, is this target's own.
@_exported import LockedSecretStorage
@_exported import PasscodeEngine
@_exported import PasscodeTerminal
