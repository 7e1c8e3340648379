/**
 * Authors (SPEC §3): the record, save input and list columns of the author entity (contract/entities/author.ts),
 * under the names the SPA's author screens import.
 */
import type { z } from 'zod';
import { author } from './entities/author';
import type { EntityRecord } from './entity';

// TRANSITION (issue 11): the SPA's author screens import these until they are generated from the declaration.
export type Author = EntityRecord<typeof author>;
export const AuthorSave = author.save;
export type AuthorSave = z.input<typeof AuthorSave>;
export const authorColumns = author.columns;
