// One import for a consumer of the `PasscodeKeypad` product: the terminal's prompt and its settings, the engine's
// configuration, verdicts and secret storage, the locked buffer a code is kept in, and the colour choice a
// `PromptSettings` takes (`ColorMode`, alone of its module). The accessible prompt itself,
// `TerminalPasscodePrompt.current()`, is this target's own.
@_exported import LockedSecretStorage
@_exported import PasscodeEngine
@_exported import PasscodeTerminal
@_exported public import enum PasscodePreferences.ColorMode
