/**
 * Reading a description the tool wrote itself as JSON (the stored one, the
 * shipped one): absent, unreadable, damaged or of another format are told
 * apart, and only an absent file goes without a word.
 */
import {readFileSync} from 'node:fs'

import type {Operation} from './types.ts'

export interface DescriptionFileRead<T> {
  value?: T
  /** Why the file could not be used (it then counts as absent). */
  problem?: string
}

export function readDescriptionFile<T extends {format: number; operations: Operation[]}>(file: string, format: number): DescriptionFileRead<T> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    return {problem: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`}
  }

  try {
    const value = JSON.parse(text) as T
    if (value.format !== format || !Array.isArray(value.operations)) return {problem: `${file} was written by another version of the tool`}
    return {value}
  } catch {
    return {problem: `${file} is not valid JSON`}
  }
}
