import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { DELIVERY_BLOOM_LEVELS } from './choices.js';

/** Delivery method (spec part 1 §3), e.g. Lecture, Tutorial, Laboratory: `name` required, `bloom_level` 1-3. */
export const deliveryMethod = defineEntity({
  name: 'delivery-method',
  label: 'Delivery method',
  path: '/api/delivery-method',
  domain: 'configuration',
  writeRoles: ['admin'],
  unique: ['name'],
  fields: [
    f.string('name', 'Name', { required: true, max: 100 }),
    f.text('guidelines', 'Guidelines', { max: 5000 }),
    f.enum('bloom_level', "Bloom's level", DELIVERY_BLOOM_LEVELS),
  ],
  columns: ['name', 'bloom_level', 'guidelines'],
});
