/** The shape every language must have: the same keys as zh-TW, each a string. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
