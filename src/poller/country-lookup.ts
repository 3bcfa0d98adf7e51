import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'mmdb-lib';
import { isPrivateAddress } from '../net/private-address.js';

/**
 * The country of an address, from the offline database that ships in the npm package
 * `@ip-location-db/geo-whois-asn-country-mmdb` (the RIRs' WHOIS and ASN data, CC BY 4.0 by the
 * NRO; docs/operations.md), read with `mmdb-lib`. No network at start or at run time.
 */
export interface CountryLookup {
  /** ISO 3166-1 alpha-2, '' when unknown (loopback, private or unassigned addresses). */
  countryOf(address: string): string;
}

const DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

let shared: Reader<Response> | null = null;

/** The database, read once per process (8 MB) the first time a listener list is described. */
export function offlineCountryLookup(): CountryLookup {
  return {
    countryOf(address) {
      // Not a public host: no country (the database has wrong entries for some private ranges).
      if (isPrivateAddress(address)) return '';
      const database = (shared ??= new Reader<Response>(readFileSync(createRequire(import.meta.url).resolve(DATABASE))));
      try {
        // This database's records hold only `country_code`, not the GeoIP2 shape the types describe.
        const code = (database.get(address) as { country_code?: string } | null)?.country_code ?? '';
        return /^[A-Z]{2}$/.test(code) ? code : '';
      } catch {
        // Not an address the database can look up.
        return '';
      }
    },
  };
}
