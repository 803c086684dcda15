/**
 * React, React DOM and Express choose their production or development code from NODE_ENV when first loaded,
 * and `npm run serve` runs with NODE_ENV=production. run.ts imports this module before anything else (ES
 * modules evaluate in import order), so the servers under test load the same code as in production whatever
 * the shell says; development React renders several times slower and would make the comparison meaningless.
 */
process.env.NODE_ENV = "production";
