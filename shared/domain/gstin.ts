// GSTIN (Goods and Services Tax Identification Number): 15 characters.
//   1-2   the state's GST code (27 Maharashtra)
//   3-12  the holder's PAN: 5 letters, 4 digits, 1 letter
//   13    the registration's number within that state and PAN: 1-9, then A-Z
//   14    'Z' for every regular registration
//   15    a check character over the first 14, mod 36 (the algorithm below)

const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GST state and union territory codes (01-38), 97 'Other Territory' and 99 'Centre Jurisdiction'. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before 2014)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
};

export const GSTIN_MESSAGES = {
  length: 'GSTIN must be 15 characters',
  characters: 'GSTIN may contain only letters and digits',
  state: 'GSTIN must start with a valid state code (for example 27 for Maharashtra)',
  pan: 'GSTIN characters 3 to 12 must be a PAN (5 letters, 4 digits, 1 letter)',
  entity: 'GSTIN character 13 must be a digit from 1 to 9 or a letter',
  z: 'GSTIN character 14 must be Z',
  checksum: 'GSTIN check character does not match: please check it for a typing mistake',
} as const;

/** The 15th character for the first 14 (the GSTN's mod-36 check: factors 1, 2, 1, 2, ... from the left). */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new RangeError(`Not the first 14 characters of a GSTIN: ${first14}`);
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARSET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET[(36 - (sum % 36)) % 36];
}

/** Upper case, without spaces: how a GSTIN is stored and printed. */
export function normaliseGstin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The first problem with a (normalised) GSTIN, or null when it is valid. */
export function gstinProblem(value: string): string | null {
  if (value.length !== 15) return GSTIN_MESSAGES.length;
  if (!/^[0-9A-Z]+$/.test(value)) return GSTIN_MESSAGES.characters;
  if (!(value.slice(0, 2) in GST_STATE_CODES)) return GSTIN_MESSAGES.state;
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(value.slice(2, 12))) return GSTIN_MESSAGES.pan;
  if (!/^[1-9A-Z]$/.test(value[12])) return GSTIN_MESSAGES.entity;
  if (value[13] !== 'Z') return GSTIN_MESSAGES.z;
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14]) return GSTIN_MESSAGES.checksum;
  return null;
}

export function isValidGstin(value: string): boolean {
  return gstinProblem(value) === null;
}
