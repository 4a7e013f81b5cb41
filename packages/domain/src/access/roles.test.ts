import { describe, expect, it } from 'vitest'
import { can, hasRole, ROLES } from './roles.ts'

describe('roles', () => {
  it('orders Admin above Manager above Brewer', () => {
    expect(hasRole('Admin', 'Manager')).toBe(true)
    expect(hasRole('Manager', 'Brewer')).toBe(true)
    expect(hasRole('Brewer', 'Manager')).toBe(false)
    expect(hasRole(null, 'Brewer')).toBe(false)
  })

  it.each([
    [
      'Brewer',
      {
        read: true,
        createProductWithRecipe: true,
        editRecipes: true,
        manageProducts: false,
        manageTeamAndBilling: false,
      },
    ],
    [
      'Manager',
      {
        read: true,
        createProductWithRecipe: true,
        editRecipes: true,
        manageProducts: true,
        manageTeamAndBilling: false,
      },
    ],
    [
      'Admin',
      {
        read: true,
        createProductWithRecipe: true,
        editRecipes: true,
        manageProducts: true,
        manageTeamAndBilling: true,
      },
    ],
  ] as const)(
    'a %s holds exactly the rights of the table in docs/architecture.md "Roles"',
    (role, expected) => {
      for (const [permission, allowed] of Object.entries(expected)) {
        expect(can(role, permission as keyof typeof expected)).toBe(allowed)
      }
    },
  )

  it('knows the three stored roles', () => {
    expect(ROLES).toEqual(['Admin', 'Manager', 'Brewer'])
  })
})
