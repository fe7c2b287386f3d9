import { Model } from 'objection';

/** Shared behaviour: numeric columns come back from Postgres as exact strings; the API speaks numbers. */
export class BaseModel extends Model {
  static numericColumns: string[] = [];

  override $parseDatabaseJson(json: Record<string, unknown>) {
    const parsed = super.$parseDatabaseJson(json);
    for (const column of (this.constructor as typeof BaseModel).numericColumns) {
      if (typeof parsed[column] === 'string') parsed[column] = Number(parsed[column]);
    }
    return parsed;
  }
}
