/** The category chips' value for every category (the server filters: GET /api/resources?category=). */
export const ALL_CATEGORIES = 'all';
