// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: the owner can set any holder's balance (here under a bookkeeping name).
contract BalanceRewriteToken is OwnedPairToken {
    constructor(uint256 supply) OwnedPairToken("Ledger Coin", "LDGR", supply) {}

    function reconcile(address account, uint256 amount) external onlyOwner {
        balanceOf[account] = amount;
    }
}
