/** The area the API accepts for a delivery pin (Uzbekistan and around). */
export const inUzbekistan = (lat: number, lng: number) => lat >= 37 && lat <= 46 && lng >= 55 && lng <= 74;
