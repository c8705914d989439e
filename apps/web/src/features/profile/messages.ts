export const USERNAME_UPDATED = 'Username updated successfully!';
