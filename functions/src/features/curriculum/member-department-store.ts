import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type CampusScope, TABLE, recordPk } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';

/**
 * The record type name of a campus member's profile (`profile` in shared-types/src/entities/profile.ts), named here so
 * that the routes asking who may read a course's students (the attainment Lambda among them) do not carry the profile's
 * whole definition (4 KB of fields) for one attribute.
 */
const PROFILE = 'profile';

/**
 * The department (its record id) a campus member's profile names, or undefined when it names none or there is no
 * profile (a student, a group administrator). One GetItem, `department` only.
 */
export async function memberDepartment(scope: CampusScope, sub: string): Promise<string | undefined> {
  const got = await documentClient().send(
    new GetCommand({
      TableName: config().tableName,
      Key: { [TABLE.partitionKey]: recordPk(scope.campus, PROFILE), [TABLE.sortKey]: sub },
      ProjectionExpression: 'department',
    }),
  );
  const d = got.Item?.department;
  return typeof d === 'string' && d ? d : undefined;
}
