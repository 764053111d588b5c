// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: trades through the pool have no limit, but a transfer between two wallets
/// may move at most 0.1 % of the supply, so a large holder can only leave by selling
/// (a whale limit that a buy never meets).
contract MaxTransferToken is OwnedPairToken {
    uint256 public immutable maxWalletTransfer;

    constructor(uint256 supply) OwnedPairToken("Quiet Harbour", "QHBR", supply) {
        maxWalletTransfer = supply / 1000;
    }

    function _transfer(address from, address to, uint256 value) internal override {
        if (from != _owner && to != _owner && from != pair && to != pair) {
            require(value <= maxWalletTransfer, "max transfer");
        }
        _move(from, to, value);
    }
}
