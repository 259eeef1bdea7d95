/** A select's options from a fixed list of keys, each shown in words: `keyOptions(STATUSES, (s) => t(`status.${s}`))`. */
export const keyOptions = <K extends string>(keys: readonly K[], label: (key: K) => string) =>
  keys.map((key) => ({ value: key, label: label(key) }));
