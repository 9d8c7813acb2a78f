/** The shape the tool keeps of an API description: its operations, and where it came from. */

export interface ParameterInfo {
  name: string
  /** A JSON-schema type name when the description gives one ("integer", "string" …). */
  type?: string
}

export interface Operation {
  method: string
  /** The path template, e.g. /mail/v4/labels/{labelID}. */
  path: string
  summary: string
  deprecated: boolean
  /** The declared query parameters; absent when the description does not let them be known. */
  query?: ParameterInfo[]
  /** The JSON request-body schema, already cleaned of the description's known flaws. */
  body?: object
}

export interface LoadStats {
  /** Multi-line text blocks re-indented so that the YAML parses. */
  repaired: number
  /** Path blocks that still did not parse; their operations were read from the text. */
  skipped: number
}

export interface LoadedDescription extends LoadStats {
  operations: Operation[]
}

/** What `spec update` stores in the cache directory. */
export interface StoredDescription extends LoadedDescription {
  format: number
  /** An absolute file path or a URL. */
  source: string
  /** When the description was last fetched or revalidated (ISO 8601). */
  checkedAt: string
  etag?: string
  lastModified?: string
  sha256: string
}
